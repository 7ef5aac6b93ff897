namespace PoolDoctor.Model.Stacks;

/// <summary>
/// One resolved managed frame. <see cref="Module"/> is the assembly file name without extension (or "?"),
/// <see cref="Method"/> the raw runtime name, e.g. "PoolDoctor.Lab.DiagScenarioController+&lt;TaskAsyncWait&gt;d__3.MoveNext".
/// </summary>
public sealed record StackFrame(string Module, string Method);
