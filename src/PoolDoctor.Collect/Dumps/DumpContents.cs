using PoolDoctor.Model.Dumps;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// What a core dump gives: one stack per managed thread (each counted once, there are no samples), the modules and
/// call graph as a live capture has them, the thread pool's state, and what could not be read (said, not hidden).
/// </summary>
public sealed record DumpContents(StackSnapshot Snapshot, ThreadPoolState? ThreadPool, IReadOnlyList<string> Warnings)
{
    /// <summary>The runtime version the dump holds (e.g. 10.0.1).</summary>
    public string? RuntimeVersion { get; init; }
}
