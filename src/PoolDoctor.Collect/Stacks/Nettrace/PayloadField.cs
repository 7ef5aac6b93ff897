namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>A payload field as the metadata names it: its name and System.TypeCode-style type code.</summary>
internal sealed record PayloadField(string Name, int TypeCode)
{
    public const int Object = 1;
    public const int Array = 19;

    public static int? FixedSize(int typeCode) => typeCode switch
    {
        3 => 4,         // Boolean, written as a 32-bit value
        4 or 7 or 8 => 2, // Char, Int16, UInt16
        5 or 6 => 1,    // SByte, Byte
        9 or 10 or 13 => 4,
        11 or 12 or 14 or 16 => 8,
        15 or 17 => 16, // Decimal, Guid
        _ => null,
    };
}
