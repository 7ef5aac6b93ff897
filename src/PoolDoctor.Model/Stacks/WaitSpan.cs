namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A blocking wait seen through runtime events (WaitHandleWait, Contention, TaskWait): which thread, how long,
/// which event source, and the stack at the start of the wait (leaf first).
/// </summary>
public sealed record WaitSpan(int ThreadId, WaitSource Source, double DurationMs, IReadOnlyList<StackFrame> Frames);

public enum WaitSource
{
    WaitHandle,
    Contention,
    TaskWait,
}
