namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A thread's stack as sampled, frames ordered leaf (top, index 0) to root. <see cref="Samples"/> counts how many
/// samples of the window had exactly this stack on this thread, so time shares can be computed.
/// </summary>
public sealed record ThreadStack(int ThreadId, IReadOnlyList<StackFrame> Frames, int Samples);
