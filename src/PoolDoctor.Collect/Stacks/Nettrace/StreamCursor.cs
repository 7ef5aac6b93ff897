using System.Buffers.Binary;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// The object stream between blocks, read from a file through a 64 KiB buffer; a block's bytes are read whole into
/// the caller's buffer. Running out of file is a damaged trace, named with its offset.
/// </summary>
internal sealed class StreamCursor(Stream stream)
{
    private readonly byte[] _buffer = new byte[64 * 1024];
    private readonly long _length = stream.CanSeek ? stream.Length - stream.Position : long.MaxValue;
    private int _at;
    private int _end;

    /// <summary>The file offset of the next byte.</summary>
    public long Offset { get; private set; }

    public long Remaining => _length - Offset;

    public byte U8() => Fill(1)[0];

    public int I32() => BinaryPrimitives.ReadInt32LittleEndian(Fill(4));

    public long I64() => BinaryPrimitives.ReadInt64LittleEndian(Fill(8));

    public void Skip(long count)
    {
        if (count > Remaining)
        {
            throw Damaged($"{count} bytes run past the end of the file");
        }
        while (count > 0)
        {
            var step = (int)Math.Min(count, _buffer.Length);
            Fill(step);
            count -= step;
        }
    }

    /// <summary>Fills <paramref name="into"/> with the next bytes of the file.</summary>
    public void Read(Span<byte> into)
    {
        if (into.Length > Remaining)
        {
            throw Damaged($"{into.Length} bytes run past the end of the file");
        }
        var buffered = Math.Min(into.Length, _end - _at);
        _buffer.AsSpan(_at, buffered).CopyTo(into);
        _at += buffered;
        Offset += buffered;
        if (buffered < into.Length)
        {
            var read = stream.ReadAtLeast(into[buffered..], into.Length - buffered, throwOnEndOfStream: false);
            Offset += read;
            if (buffered + read < into.Length)
            {
                throw Damaged("the file ends inside a block");
            }
        }
    }

    public NettraceFormatException Damaged(string what) => new($"damaged nettrace at byte {Offset}: {what}");

    private ReadOnlySpan<byte> Fill(int count)
    {
        if (_end - _at < count)
        {
            var left = _end - _at;
            _buffer.AsSpan(_at, left).CopyTo(_buffer);
            _at = 0;
            _end = left + stream.ReadAtLeast(_buffer.AsSpan(left), count - left, throwOnEndOfStream: false);
            if (_end < count)
            {
                Offset += _end;
                _at = _end;
                throw Damaged("the file ends where more was expected");
            }
        }
        var span = _buffer.AsSpan(_at, count);
        _at += count;
        Offset += count;
        return span;
    }
}
