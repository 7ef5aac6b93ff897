using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Runs;

/// <summary>
/// Reads a trace off the caller's thread with a time limit, so a damaged file that sends the parser into a loop ends
/// in a one-line error instead of a hang. The limit is generous: a minute plus two seconds per megabyte. Every capture
/// `stacks`, `analyze` and `diagnose` read comes through here.
/// </summary>
public static class TraceReading
{
    public static async Task<StackSnapshot> ReadAsync(
        string path, bool firstSamplePerThread, CancellationToken cancellation, bool requireComplete = true, IReadOnlyDictionary<int, ServedRequest>? serving = null,
        string? symbolsDirectory = null)
    {
        var megabytes = File.Exists(path) ? new FileInfo(path).Length / (1024.0 * 1024.0) : 0;
        var limit = TimeSpan.FromSeconds(60 + (2 * megabytes));
        try
        {
            return await Task.Run(() => NettraceStackReader.Read(path, firstSamplePerThread, requireComplete, serving, symbolsDirectory), CancellationToken.None)
                .WaitAsync(limit, cancellation);
        }
        catch (TimeoutException)
        {
            throw new RunFailedException($"reading '{path}' took longer than {limit.TotalSeconds:F0} s; the file is probably damaged");
        }
        catch (NettraceFormatException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }
}
