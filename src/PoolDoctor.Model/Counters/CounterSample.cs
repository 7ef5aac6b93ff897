namespace PoolDoctor.Model.Counters;

/// <summary>
/// One interval of the target's runtime counters. <see cref="Seconds"/> counts from attach, so series from
/// different runs line up. Rates are per second over the interval that ends at <see cref="Seconds"/>.
/// <see cref="RunnableWorkers"/> is the mean number of thread-pool workers the OS had runnable (on a CPU or
/// waiting for one) during the interval, from Linux's per-thread state; null where it cannot be read.
/// <see cref="QueueDelayMs"/> is how long work items waited in the pool's queue; null where it was not measured.
/// </summary>
public sealed record CounterSample(
    double Seconds,
    double ThreadCount,
    double QueueLength,
    double CompletedPerSecond,
    double CpuPercent,
    int Cores,
    double LockContentionsPerSecond,
    double GcHeapMb,
    double? RunnableWorkers = null,
    QueueDelay? QueueDelayMs = null);
