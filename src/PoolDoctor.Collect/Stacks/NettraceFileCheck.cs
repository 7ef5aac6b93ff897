using System.Buffers.Binary;
using System.Text;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Cheap checks before parsing: the nettrace magic at the start, and the end-of-stream mark that a stopped session
/// writes last (formats 4-5: a null-reference tag, 1; format 6 and later: an EndOfStream block header, 4 zero bytes).
/// A file cut short (copy interrupted, target killed) lacks the mark and its rundown.
/// </summary>
internal static class NettraceFileCheck
{
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("Nettrace");
    private const byte EndOfStreamTag = 1;

    public static void EnsureNettrace(string path, bool requireComplete) => EnsureNettrace(path, path, requireComplete);

    /// <param name="file">The file to check.</param>
    /// <param name="path">The name the user gave (a .gz file expanded to <paramref name="file"/>).</param>
    /// <param name="requireComplete">Whether the end-of-stream mark must be there.</param>
    public static void EnsureNettrace(string file, string path, bool requireComplete)
    {
        if (Directory.Exists(file))
        {
            throw new NettraceFormatException($"'{path}' is a directory, not a nettrace file");
        }
        if (!File.Exists(file))
        {
            throw new NettraceFormatException($"no such file: '{path}'");
        }
        using var stream = File.OpenRead(file);
        var head = new byte[Magic.Length + 4];
        var read = stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false);
        if (read < Magic.Length || !head.AsSpan(0, Magic.Length).SequenceEqual(Magic))
        {
            throw new NettraceFormatException($"'{path}' is not a nettrace file (it does not start with the 'Nettrace' magic)");
        }
        // Format 6 follows the magic with a reserved zero where formats 4-5 have the serializer name's length.
        var blockLayout = read == head.Length && BinaryPrimitives.ReadInt32LittleEndian(head.AsSpan(Magic.Length)) == 0;
        var tail = new byte[blockLayout ? 4 : 1];
        var complete = stream.Length >= head.Length + tail.Length;
        if (complete)
        {
            stream.Seek(-tail.Length, SeekOrigin.End);
            complete = stream.ReadAtLeast(tail, tail.Length, throwOnEndOfStream: false) == tail.Length
                && (blockLayout ? BinaryPrimitives.ReadInt32LittleEndian(tail) == 0 : tail[0] == EndOfStreamTag);
        }
        if (requireComplete && !complete)
        {
            throw new NettraceFormatException($"'{path}' is truncated or has extra bytes after the trace: it has no end-of-stream marker at its end (was the recording cut short, or something appended to the file?)");
        }
    }
}
