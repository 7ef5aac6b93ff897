namespace PoolDoctor.Model.Stacks;

/// <summary>
/// One resolved managed frame. <see cref="Module"/> is the assembly file name without extension (or "?"),
/// <see cref="Method"/> the raw runtime name, e.g. "PoolDoctor.Lab.DiagScenarioController+&lt;TaskAsyncWait&gt;d__3.MoveNext".
/// </summary>
public sealed record StackFrame(string Module, string Method)
{
    /// <summary>The source line this frame was executing (the call it returns to), from the JIT's IL-to-native map
    /// and the assembly's PDB; null when either was missing.</summary>
    public SourceLocation? Source { get; init; }

    /// <summary>The method's metadata token in <see cref="Module"/>, when the collector knew it (a dump does).</summary>
    public int? MethodToken { get; init; }

    /// <summary>The IL offset the frame was at (for callers, of the call), when the collector could map it.</summary>
    public int? IlOffset { get; init; }
}
