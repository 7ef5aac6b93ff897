namespace PoolDoctor.Collect.Stacks;

/// <summary>A finished recording: the nettrace file, the window really sampled, and why it ended early if it did.</summary>
public sealed record StackRecording(string Path, TimeSpan Window, bool Interrupted, bool TargetExited);
