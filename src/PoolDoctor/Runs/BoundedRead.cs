using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Runs;

/// <summary>
/// Reads a capture (a trace or a dump) off the caller's thread with a time limit that grows with the file, so a damaged
/// file that sends its reader into a loop ends in a one-line error instead of a hang, and a format the reader refuses
/// ends in its own one line. The limits are generous: a minute, plus what a healthy read of that size takes many times.
/// </summary>
public static class BoundedRead
{
    public static async Task<T> RunAsync<T>(string path, Func<T> read, double secondsPerMegabyte, string damaged, CancellationToken cancellation)
    {
        var megabytes = File.Exists(path) ? new FileInfo(path).Length / (1024.0 * 1024.0) : 0;
        var limit = TimeSpan.FromSeconds(60 + (secondsPerMegabyte * megabytes));
        try
        {
            return await Task.Run(read, CancellationToken.None).WaitAsync(limit, cancellation);
        }
        catch (TimeoutException)
        {
            throw new RunFailedException($"reading '{path}' took longer than {limit.TotalSeconds:F0} s; {damaged}");
        }
        catch (Exception e) when (e is NettraceFormatException or DumpFormatException)
        {
            throw new RunFailedException(e.Message, e);
        }
    }
}
