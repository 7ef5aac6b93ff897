using PoolDoctor.Model.Dumps;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>A frame as displayed: cleaned text, and whether it is the user's code (marked in text output).</summary>
public sealed record DisplayFrame(string Text, bool IsUserCode);

/// <summary>A merged stack as displayed; <see cref="Group"/> is the analysis's record, frames leaf first.</summary>
public sealed record DisplayGroup(StackGroup Group, IReadOnlyList<DisplayFrame> Frames);

/// <summary>One distinct stack of one thread for `--raw` (a thread that moved shows several), with its sample count.</summary>
public sealed record DisplayThread(int ThreadId, bool IsThreadPool, int Samples, IReadOnlyList<DisplayFrame> Frames);

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
