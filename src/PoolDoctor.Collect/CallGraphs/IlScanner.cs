using System.Reflection.Metadata;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Walks a method body's IL one instruction at a time and yields the instructions that name a method
/// (call, callvirt, newobj, ldftn, ldvirtftn) and the string literals it loads (ldstr: a minimal API's route is a
/// literal right before the handler's ldftn). Anything that is not valid IL throws BadImageFormatException.
/// </summary>
internal static class IlScanner
{
    public const int Call = 0x28;
    public const int CallVirt = 0x6F;
    public const int NewObj = 0x73;
    public const int LoadFunction = 0xFE06;
    public const int LoadVirtualFunction = 0xFE07;
    public const int LoadString = 0x72;

    public static List<IlInstruction> MethodReferences(BlobReader il)
    {
        var found = new List<IlInstruction>();
        while (il.RemainingBytes > 0)
        {
            var offset = il.Offset;
            int opcode = il.ReadByte();
            if (opcode == IlOpCodes.TwoBytePrefix)
            {
                opcode = 0xFE00 | il.ReadByte();
            }
            var size = IlOpCodes.OperandSize(opcode);
            if (opcode is Call or CallVirt or NewObj or LoadFunction or LoadVirtualFunction or LoadString)
            {
                found.Add(new IlInstruction(offset, opcode, il.ReadInt32()));
            }
            else if (size == IlOpCodes.SwitchOperand)
            {
                var count = il.ReadUInt32();
                if (count > (uint)il.RemainingBytes / 4)
                {
                    throw new BadImageFormatException($"switch at IL_{offset:x4} has {count} targets past the body's end");
                }
                il.Offset += (int)count * 4;
            }
            else if (size == IlOpCodes.Invalid)
            {
                throw new BadImageFormatException($"unknown opcode 0x{opcode:x} at IL_{offset:x4}");
            }
            else
            {
                if (size > il.RemainingBytes)
                {
                    throw new BadImageFormatException($"operand of 0x{opcode:x} at IL_{offset:x4} runs past the body's end");
                }
                il.Offset += size;
            }
        }
        return found;
    }
}
