using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// What a stack capture says about the pool: the culprits ranked by share of pool-thread sample time, the grouped
/// stacks, and the counts the shares are relative to.
/// </summary>
/// <param name="PoolThreads">Distinct thread-pool worker threads seen in the samples.</param>
/// <param name="IdlePoolThreads">Pool threads that only ever waited for work.</param>
/// <param name="BlockedPoolThreads">Pool threads seen blocked in at least one culprit.</param>
/// <param name="PoolSamples">Samples of pool threads (busy or idle): the denominator of every culprit share.</param>
/// <param name="IdlePoolSamples">Of <paramref name="PoolSamples"/>, those where the worker waited for work: the
/// pool had spare threads then, so a culprit's share of busy pool time is Samples / (PoolSamples - IdlePoolSamples).</param>
/// <param name="UnattributedWaitMs">Pool-thread wait time from wait events whose stack named no method.</param>
public sealed record CulpritAnalysis(
    IReadOnlyList<Culprit> Culprits,
    IReadOnlyList<StackGroup> Groups,
    int PoolThreads,
    int IdlePoolThreads,
    int BlockedPoolThreads,
    long PoolSamples,
    long IdlePoolSamples,
    double UnattributedWaitMs)
{
    /// <summary>Every sampled stack with its reading, so printers never read frames a second way.</summary>
    public IReadOnlyList<ThreadReading> Threads { get; init; } = [];

    /// <summary>The capture had no samples, so its wait spans stood in, weighted by blocked milliseconds.</summary>
    public bool FromWaits { get; init; }
}
