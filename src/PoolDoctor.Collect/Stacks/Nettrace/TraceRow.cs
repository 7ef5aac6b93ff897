namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// One event the stack reader uses (a sample, a wait start or stop, a request event), reduced to what its consumers
/// read: thread, time since the session start, interned stack, and the one payload field each kind needs.
/// </summary>
internal readonly record struct TraceRow(RuntimeEventKind Kind, int ThreadId, double TimeMSec, int Stack)
{
    /// <summary>TaskWaitBegin's Behavior (1 = synchronous), when the event carried it.</summary>
    public int? Behavior { get; init; }

    /// <summary>An ASP.NET Core event forwarded by the DiagnosticSource bridge, when the payload was one.</summary>
    public AspNetCoreEventPayload? Bridged { get; init; }
}
