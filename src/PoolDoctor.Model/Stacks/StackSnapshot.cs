namespace PoolDoctor.Model.Stacks;

/// <summary>Everything one stack capture saw: per-thread stacks and, where the runtime offers them, wait spans.</summary>
public sealed record StackSnapshot(
    int ProcessId,
    double WindowSeconds,
    IReadOnlyList<ThreadStack> Stacks,
    IReadOnlyList<WaitSpan> Waits);
