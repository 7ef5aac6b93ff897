namespace PoolDoctor.Model.Targets;

/// <summary>A .NET process that exposes a diagnostics endpoint, as `ps` lists it.</summary>
public sealed record TargetProcess(int ProcessId, string Name, string CommandLine);
