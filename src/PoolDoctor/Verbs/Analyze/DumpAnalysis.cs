using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Verbs.Analyze;

/// <summary>A core dump read as a trace is (<see cref="BoundedRead"/>): a minute plus one second per 50 MB.</summary>
internal static class DumpAnalysis
{
    public static Task<DumpContents> ReadAsync(string path, CancellationToken cancellation, string? symbolsDirectory = null) =>
        BoundedRead.RunAsync(path, () => DumpStackReader.Read(path, symbolsDirectory), secondsPerMegabyte: 1.0 / 50, "the dump is probably damaged", cancellation);

    public const string OneInstant = "a core dump is one instant: each thread counts once, so shares are shares of threads, not of time";
}
