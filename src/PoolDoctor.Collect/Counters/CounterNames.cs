namespace PoolDoctor.Collect.Counters;

/// <summary>The `System.Runtime` EventCounters a <see cref="PoolDoctor.Model.Counters.CounterSample"/> is built from.</summary>
internal static class CounterNames
{
    public const string Provider = "System.Runtime";
    public const string ThreadCount = "threadpool-thread-count";
    public const string QueueLength = "threadpool-queue-length";
    public const string Completed = "threadpool-completed-items-count";
    public const string Cpu = "cpu-usage";
    public const string LockContentions = "monitor-lock-contention-count";
    public const string GcHeap = "gc-heap-size";

    public static readonly IReadOnlySet<string> Wanted = new HashSet<string>(StringComparer.Ordinal)
    {
        ThreadCount, QueueLength, Completed, Cpu, LockContentions, GcHeap,
    };
}
