using System.Reflection;
using System.Reflection.Emit;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Operand sizes of every IL opcode, taken from the runtime's own opcode list (System.Reflection.Emit.OpCodes) so
/// the table cannot drift from ECMA-335. Indexed by opcode value: one-byte opcodes as 0x00..0xFF, two-byte ones as
/// 0xFE00..0xFEFF.
/// </summary>
internal static class IlOpCodes
{
    /// <summary>Marks an opcode whose operand is a jump table (<c>switch</c>): a count, then that many 4-byte targets.</summary>
    public const int SwitchOperand = -2;

    /// <summary>Marks a byte that is no opcode.</summary>
    public const int Invalid = -1;

    public const int TwoBytePrefix = 0xFE;

    private static readonly int[] OneByte = Filled(256);
    private static readonly int[] TwoByte = Filled(256);

    static IlOpCodes()
    {
        foreach (var field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            if (field.GetValue(null) is not OpCode code)
            {
                continue;
            }
            var value = (ushort)code.Value;
            var table = code.Size == 1 ? OneByte : TwoByte;
            table[value & 0xFF] = SizeOf(code.OperandType);
        }
    }

    /// <summary>The operand size in bytes, <see cref="SwitchOperand"/>, or <see cref="Invalid"/>.</summary>
    public static int OperandSize(int opcode) =>
        opcode >= 0xFE00 ? TwoByte[opcode & 0xFF] : opcode is >= 0 and < 0x100 ? OneByte[opcode] : Invalid;

    private static int[] Filled(int length)
    {
        var table = new int[length];
        Array.Fill(table, Invalid);
        return table;
    }

#pragma warning disable CS0618 // InlinePhi is obsolete; it never appears in real IL and stays invalid here.
    private static int SizeOf(OperandType type) => type switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineBrTarget or OperandType.InlineField or OperandType.InlineI or OperandType.InlineMethod
            or OperandType.InlineSig or OperandType.InlineString or OperandType.InlineTok or OperandType.InlineType
            or OperandType.ShortInlineR => 4,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        OperandType.InlineSwitch => SwitchOperand,
        _ => Invalid,
    };
#pragma warning restore CS0618
}
