namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A thread's stack as sampled, frames ordered leaf (top, index 0) to root. <see cref="Samples"/> counts how many
/// samples of the window had exactly this stack on this thread, so time shares can be computed.
/// </summary>
public sealed record ThreadStack(int ThreadId, IReadOnlyList<StackFrame> Frames, int Samples)
{
    /// <summary>The request the thread served at those samples, when ASP.NET Core's events said (else null).</summary>
    public RequestContext? Request { get; init; }

    /// <summary>When this thread was sampled with this stack (null when the capture did not time its samples: a dump,
    /// wait events only).</summary>
    public SampleSpan? Seen { get; init; }
}
