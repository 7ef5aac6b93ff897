using PoolDoctor.Model.Dumps;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>Everything the stacks writers print: what was sampled, the groups, the ranked culprits, and the raw threads.</summary>
public sealed record StackReport(
    string Source,
    StackSnapshot Snapshot,
    IReadOnlyList<DisplayGroup> Groups,
    IReadOnlyList<Culprit> Culprits,
    IReadOnlyList<DisplayThread> Threads,
    bool AllThreads,
    bool Raw)
{
    /// <summary>A caveat the reader must see with the figures (e.g. weights are blocked milliseconds, not samples).</summary>
    public string? Note { get; init; }

    /// <summary>The stacks come from a core dump: one instant, each thread counted once (no samples, no window).</summary>
    public bool FromDump { get; init; }

    /// <summary>The thread pool's state as the dump froze it (null for traces, or when the dump did not say).</summary>
    public ThreadPoolState? ThreadPool { get; init; }

    public int TotalSamples => Snapshot.Stacks.Sum(s => s.Samples);

    public int PoolThreads => Threads.Where(t => t.IsThreadPool).Select(t => t.ThreadId).Distinct().Count();

    public int ThreadCount => Threads.Select(t => t.ThreadId).Distinct().Count();
}
