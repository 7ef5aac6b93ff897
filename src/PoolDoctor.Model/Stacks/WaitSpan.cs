namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A blocking wait seen through runtime events (WaitHandleWait, Contention, TaskWait): which thread, how long,
/// which event source, and the stack at the start of the wait (leaf first).
/// </summary>
public sealed record WaitSpan(int ThreadId, WaitSource Source, double DurationMs, IReadOnlyList<StackFrame> Frames)
{
    /// <summary>The request the thread served when the wait began, when ASP.NET Core's events said (else null).</summary>
    public RequestContext? Request { get; init; }

    /// <summary>When the wait began, in milliseconds from the trace's start (census: "first seen"); 0 when unknown.</summary>
    public double StartMs { get; init; }
}
