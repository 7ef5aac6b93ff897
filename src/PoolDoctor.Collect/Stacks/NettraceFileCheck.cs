using System.Text;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Cheap checks before handing a file to TraceEvent: the nettrace magic at the start, and the end-of-stream tag that a
/// stopped session writes last. A file cut short (copy interrupted, target killed) lacks the tag and its rundown.
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
        if (file.Read(head) < head.Length || !head.AsSpan().SequenceEqual(Magic))
        {
            throw new NettraceFormatException($"'{path}' is not a nettrace file (it does not start with the 'Nettrace' magic)");
        }
        if (!requireComplete)
        {
            return;
        }
        file.Seek(-1, SeekOrigin.End);
        if (file.ReadByte() != EndOfStreamTag)
        {
            throw new NettraceFormatException($"'{path}' is truncated: the trace has no end-of-stream marker (was the recording cut short?)");
        }
    }
}
