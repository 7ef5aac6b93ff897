namespace PoolDoctor.Analysis.Stacks;

/// <summary>A stack read once: its frames (leaf first, one record each) and whether (and how) it is a pool thread.</summary>
public sealed record StackReading(IReadOnlyList<ReadFrame> Frames, bool IsPoolThread, bool IsIdle);
