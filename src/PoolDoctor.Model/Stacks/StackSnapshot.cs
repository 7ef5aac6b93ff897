namespace PoolDoctor.Model.Stacks;

/// <summary>Everything one stack capture saw: per-thread stacks and, where the runtime offers them, wait spans.</summary>
public sealed record StackSnapshot(
    int ProcessId,
    double WindowSeconds,
    IReadOnlyList<ThreadStack> Stacks,
    IReadOnlyList<WaitSpan> Waits)
{
    /// <summary>The assemblies the capture saw loaded, with their origin (empty when unknown).</summary>
    public IReadOnlyList<ModuleInfo> Modules { get; init; } = [];
}
