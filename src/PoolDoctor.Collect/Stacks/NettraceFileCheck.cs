using System.Text;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Cheap checks before parsing: the nettrace magic at the start, and the end-of-stream tag that a stopped session
/// writes last. A file cut short (copy interrupted, target killed) lacks the tag and its rundown.
/// </summary>
internal static class NettraceFileCheck
{
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("Nettrace");
    private const byte EndOfStreamTag = 1;

    public static void EnsureNettrace(string path, bool requireComplete)
    {
        if (!File.Exists(path))
        {
            throw new NettraceFormatException($"no such file: '{path}'");
        }
        using var file = File.OpenRead(path);
        var head = new byte[Magic.Length];
        var read = file.Read(head);
        var last = -1;
        if (file.Length > 0)
        {
            file.Seek(-1, SeekOrigin.End);
            last = file.ReadByte();
        }
        Ensure(head.AsSpan(0, read), last, path, requireComplete);
    }

    public static void EnsureNettrace(byte[] data, string path, bool requireComplete) =>
        Ensure(data.AsSpan(0, Math.Min(Magic.Length, data.Length)), data.Length > 0 ? data[^1] : -1, path, requireComplete);

    private static void Ensure(ReadOnlySpan<byte> head, int last, string path, bool requireComplete)
    {
        if (head.Length < Magic.Length || !head.SequenceEqual(Magic))
        {
            throw new NettraceFormatException($"'{path}' is not a nettrace file (it does not start with the 'Nettrace' magic)");
        }
        if (requireComplete && last != EndOfStreamTag)
        {
            throw new NettraceFormatException($"'{path}' is truncated: the trace has no end-of-stream marker (was the recording cut short?)");
        }
    }
}
