namespace PoolDoctor.Model.CallGraphs;

/// <summary>An assembly (or a method in it, <c>path!Type.Method</c>) that could not be read, and one line saying why.</summary>
public sealed record SkippedInput(string Path, string Reason);
