using PoolDoctor.Model.Dumps;

namespace PoolDoctor.Report.Stacks;

/// <summary>One line for the thread pool's state in a dump; unknown figures are left out, never shown as zero.</summary>
public static class ThreadPoolText
{
    public static string Describe(ThreadPoolState pool)
    {
        var parts = new List<string>();
        if (pool.Threads is { } threads)
        {
            var split = pool.ActiveThreads is { } active && pool.IdleThreads is { } idle ? $" ({active} active, {idle} idle)" : "";
            parts.Add($"{threads} worker threads{split}");
        }
        if (pool.MinThreads is { } min && pool.MaxThreads is { } max)
        {
            parts.Add($"min {min}, max {max}");
        }
        if (pool.Queued is { } queued)
        {
            var split = pool.QueuedGlobal is { } global && pool.QueuedLocal is { } local ? $" ({global} global, {local} in local queues)" : "";
            parts.Add($"{queued} work items queued{split}");
        }
        return "Thread pool: " + (parts.Count == 0 ? "state unknown" : string.Join("; ", parts));
    }
}
