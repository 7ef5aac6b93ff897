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
        // An empty input is read too, as an empty file: see Http1ResponseTarget for why every input must reach the
        // instrumented code.
        using (var file = File.Create(Path))
        {
            file.Write(input.AsSpan(Math.Min(1, input.Length)));
        }
        var requireComplete = input.Length > 0 && (input[0] & 1) != 0;
        try
        {
            _ = NettraceStackReader.ReadStacks(Path, firstSamplePerThread: false, requireComplete: requireComplete, serving: null, symbols: null);
        }
        catch (NettraceFormatException e)
        {
            FuzzTargets.OneLine(e.Message);
        }
    }
}
