using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Model.Census;

/// <summary>
/// What the census recorded in one process of the run: its name, when its recording began (seconds after the census
/// started, so "first seen" reads on one clock across processes) and the waits with their stacks.
/// </summary>
public sealed record CensusCapture(int ProcessId, string ProcessName, double OffsetSeconds, StackSnapshot Snapshot);
