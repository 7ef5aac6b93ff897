using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Text;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Little-endian reads over one region of the trace. Every read checks its bounds: a damaged file ends in a
/// <see cref="NettraceFormatException"/> naming the offset, never in an index error deep in a consumer.
/// </summary>
internal ref struct ByteReader(ReadOnlySpan<byte> bytes, long origin)
{
    private readonly ReadOnlySpan<byte> _bytes = bytes;
    private int _at;

    public readonly int Position => _at;

    public readonly int Remaining => _bytes.Length - _at;

    /// <summary>The absolute offset in the file of the next byte (blocks are aligned on it).</summary>
    public readonly long FileOffset => origin + _at;

    public ReadOnlySpan<byte> Take(int count)
    {
        if (count < 0 || count > Remaining)
        {
            throw Damaged($"a field of {count} bytes runs past its block");
        }
        var taken = _bytes.Slice(_at, count);
        _at += count;
        return taken;
    }

    public void Skip(int count) => Take(count);

    public byte U8() => Take(1)[0];

    public ushort U16() => BinaryPrimitives.ReadUInt16LittleEndian(Take(2));

    public short I16() => BinaryPrimitives.ReadInt16LittleEndian(Take(2));

    public int I32() => BinaryPrimitives.ReadInt32LittleEndian(Take(4));

    public uint U32() => BinaryPrimitives.ReadUInt32LittleEndian(Take(4));

    public long I64() => BinaryPrimitives.ReadInt64LittleEndian(Take(8));

    public ulong U64() => BinaryPrimitives.ReadUInt64LittleEndian(Take(8));

    public Guid Guid() => new(Take(16));

    /// <summary>Unsigned LEB128, as the runtime's compressed event headers write it.</summary>
    public ulong VarU64()
    {
        ulong value = 0;
        for (var shift = 0; shift < 64; shift += 7)
        {
            var b = U8();
            value |= (ulong)(b & 0x7F) << shift;
            if ((b & 0x80) == 0)
            {
                return value;
            }
        }
        throw Damaged("a variable-length integer is longer than 10 bytes");
    }

    public uint VarU32() => unchecked((uint)VarU64());

    /// <summary>A NUL-terminated UTF-16 string (the terminator is consumed, not returned).</summary>
    public string Utf16Z()
    {
        var rest = _bytes[_at..];
        var units = MemoryMarshal.Cast<byte, char>(rest[..(rest.Length & ~1)]);
        var end = units.IndexOf('\0');
        if (end < 0)
        {
            throw Damaged("a string has no terminator inside its block");
        }
        var text = end == 0 ? string.Empty : Encoding.Unicode.GetString(rest[..(end * 2)]);
        _at += (end + 1) * 2;
        return text;
    }

    public void SkipUtf16Z() => Utf16Z();

    public readonly NettraceFormatException Damaged(string what) => new($"damaged nettrace at byte {FileOffset}: {what}");
}
