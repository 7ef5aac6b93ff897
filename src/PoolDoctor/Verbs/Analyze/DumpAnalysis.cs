using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Verbs.Analyze;

/// <summary>
/// Reads a core dump off the caller's thread with a time limit, so a damaged dump that sends the reader into a loop
/// ends in a one-line error instead of a hang: a minute plus one second per 50 MB.
/// </summary>
internal static class DumpAnalysis
{
    public static async Task<DumpReading> ReadAsync(string path, CancellationToken cancellation, string? symbolsDirectory = null)
    {
        var megabytes = File.Exists(path) ? new FileInfo(path).Length / (1024.0 * 1024.0) : 0;
        var limit = TimeSpan.FromSeconds(60 + (megabytes / 50));
        try
        {
            return await Task.Run(() => DumpStackReader.Read(path, symbolsDirectory), CancellationToken.None).WaitAsync(limit, cancellation);
        }
        catch (TimeoutException)
        {
            throw new RunFailedException($"reading '{path}' took longer than {limit.TotalSeconds:F0} s; the dump is probably damaged");
        }
        catch (DumpFormatException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }

    public const string OneInstant = "a core dump is one instant: each thread counts once, so shares are shares of threads, not of time";
}
