using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Fuzz;

/// <summary>
/// `analyze FILE.nettrace` as far as the snapshot: the file check, the nettrace reader, address resolution and the
/// grouping into stacks. The first input byte says whether the end-of-stream marker is required (a `diagnose` capture
/// of a target that exited is read without it); the rest is the file.
/// </summary>
internal static class NettraceTarget
{
    private static readonly string Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"pooldoctor-fuzz-{Environment.ProcessId}.nettrace");

    public static void Run(byte[] input)
    {
        if (input.Length == 0)
        {
            return;
        }
        using (var file = File.Create(Path))
        {
            file.Write(input.AsSpan(1));
        }
        try
        {
            _ = NettraceStackReader.ReadStacks(Path, firstSamplePerThread: false, requireComplete: (input[0] & 1) != 0, serving: null, symbols: null);
        }
        catch (NettraceFormatException e)
        {
            FuzzTargets.OneLine(e.Message);
        }
    }
}
