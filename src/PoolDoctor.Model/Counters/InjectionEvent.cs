namespace PoolDoctor.Model.Counters;

/// <summary>
/// The runtime's own thread-count decision (ThreadPoolWorkerThreadAdjustment/Adjustment, event 55):
/// when it added or removed workers, to how many, and why.
/// </summary>
public sealed record InjectionEvent(double Seconds, int NewWorkerThreadCount, AdjustmentReason Reason, double AverageThroughput);

/// <summary>The Reason field of event 55, numbered as the runtime writes it.</summary>
public enum AdjustmentReason
{
    Warmup = 0,
    Initializing = 1,
    RandomMove = 2,
    ClimbingMove = 3,
    ChangePoint = 4,
    Stabilizing = 5,
    Starvation = 6,
    ThreadTimedOut = 7,
    CooperativeBlocking = 8,
}
