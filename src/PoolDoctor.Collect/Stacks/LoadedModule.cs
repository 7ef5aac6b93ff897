namespace PoolDoctor.Collect.Stacks;

/// <summary>A module as the trace names it: the name frames carry and the file it was loaded from.</summary>
public sealed record LoadedModule(string Name, string Path);
