namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>
/// The runtime names its EventPipe threads ".NET EventPipe" (one for the diagnostic server, one more per streaming
/// session), so their count in /proc/PID/task tells whether a tool left a session open in the target.
/// </summary>
internal static class EventPipeThreads
{
    public static int Count(int pid) =>
        Directory.EnumerateDirectories($"/proc/{pid}/task")
            .Select(task => { try { return File.ReadAllText(Path.Combine(task, "comm")).Trim(); } catch (IOException) { return ""; } })
            .Count(name => name == ".NET EventPipe");

    /// <summary>Waits (the runtime ends a session's thread a moment after the stop) until the count is back to <paramref name="expected"/>.</summary>
    public static async Task<int> SettleAsync(int pid, int expected, TimeSpan timeout)
    {
        var until = DateTime.UtcNow + timeout;
        var count = Count(pid);
        while (count != expected && DateTime.UtcNow < until)
        {
            await Task.Delay(200);
            count = Count(pid);
        }
        return count;
    }
}
