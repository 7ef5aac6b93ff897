namespace PoolDoctor.Model.Counters;

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
