namespace PoolDoctor.Model.Diagnosis;

/// <summary>The context block of a report: the target's settings and the tool that watched it.</summary>
public sealed record RunContext(TargetContext Target, ToolContext Tool);
