using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Runs;

/// <summary>
/// Every capture `stacks`, `analyze` and `diagnose` read comes through here, bounded (<see cref="BoundedRead"/>): a
/// minute plus two seconds per megabyte.
/// </summary>
public static class CaptureFileReader
{
    public static Task<StackSnapshot> ReadAsync(
        string path, bool firstSamplePerThread, CancellationToken cancellation, bool requireComplete = true, IReadOnlyDictionary<int, ServedRequest>? serving = null,
        string? symbolsDirectory = null) =>
        BoundedRead.RunAsync(path, () => NettraceStackReader.Read(path, firstSamplePerThread, requireComplete, serving, symbolsDirectory),
            secondsPerMegabyte: 2, "the file is probably damaged", cancellation);
}
