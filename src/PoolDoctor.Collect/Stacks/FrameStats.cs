namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// How well a capture's frames resolved: frames seen and how many had no method name; frames of the located (app)
/// modules and how many of them had an IL offset (the JIT's maps were there). <see cref="SymbolGaps"/> reads them.
/// </summary>
internal readonly record struct FrameStats(int FramesSeen, int UnnamedFrames, int LocatableFrames, int FramesWithIlOffset);
