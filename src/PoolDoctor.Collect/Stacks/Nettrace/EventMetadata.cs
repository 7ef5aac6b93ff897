namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// One metadata row of a nettrace stream: which provider and event later events with this id are, and their payload
/// fields when the event describes itself (EventSource events do; the runtime's native events carry none, so their
/// layouts are known by id).
/// </summary>
internal sealed record EventMetadata(string Provider, int EventId, string EventName, int Version, IReadOnlyList<PayloadField> Fields)
{
    /// <summary>The byte offset of a top-level field, when every field before it has a fixed size (else null).</summary>
    public int? OffsetOf(string name)
    {
        var offset = 0;
        foreach (var field in Fields)
        {
            if (field.Name == name)
            {
                return offset;
            }
            if (PayloadField.FixedSize(field.TypeCode) is not { } size)
            {
                return null;
            }
            offset += size;
        }
        return null;
    }
}

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
