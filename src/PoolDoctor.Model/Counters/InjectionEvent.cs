namespace PoolDoctor.Model.Counters;

/// <summary>
/// The runtime's own thread-count decision (ThreadPoolWorkerThreadAdjustment/Adjustment, event 55):
/// when it added or removed workers, to how many, and why.
/// </summary>
public sealed record InjectionEvent(double Seconds, int NewWorkerThreadCount, AdjustmentReason Reason, double AverageThroughput);
