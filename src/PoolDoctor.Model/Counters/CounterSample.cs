namespace PoolDoctor.Model.Counters;

/// <summary>
/// One interval of the target's runtime counters. <see cref="Seconds"/> counts from attach, so series from
/// different runs line up. Rates are per second over the interval that ends at <see cref="Seconds"/>.
/// </summary>
public sealed record CounterSample(
    double Seconds,
    double ThreadCount,
    double QueueLength,
    double CompletedPerSecond,
    double CpuPercent,
    int Cores,
    double LockContentionsPerSecond,
    double GcHeapMb);
