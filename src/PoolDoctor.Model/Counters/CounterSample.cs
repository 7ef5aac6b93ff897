namespace PoolDoctor.Model.Counters;

/// <summary>
/// One interval of the target's runtime counters. <see cref="Seconds"/> counts from attach, so series from
/// different runs line up. Rates are per second over the interval that ends at <see cref="Seconds"/>.
/// <see cref="RunnableWorkers"/> is the mean number of thread-pool workers the OS had runnable (on a CPU or
/// waiting for one) during the interval, from Linux's per-thread state; null where it cannot be read.
/// <see cref="WorkerScheduling"/> is how long those workers ran and waited for a CPU (Linux schedstat); null where it cannot be read.
/// <see cref="QueueDelayMs"/> is how long work items waited in the pool's queue; null where it was not measured.
/// <see cref="CurrentConnections"/> and <see cref="CurrentRequests"/> are the server's own gauges (Kestrel's open
/// connections, ASP.NET Core hosting's requests in flight) at the interval's end; null for a target that is no ASP.NET
/// Core server or where they did not arrive. They size the stop-gap when the tool drove no load (attached with -p).
/// <see cref="FirstInterval"/> marks a session's first sample: the runtime sends it moments after the session starts,
/// and its rates (completed/s, CPU, lock contentions/s) cover a span the payload does not state (measured: 0, 15,000
/// and 4,155 items/s where the next samples said 40,000-50,000 and 0-14), while its gauges (threads, queue) are current.
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
    QueueDelay? QueueDelayMs = null,
    bool FirstInterval = false,
    WorkerScheduling? WorkerScheduling = null,
    double? CurrentConnections = null,
    double? CurrentRequests = null)
{
    /// <summary>The samples whose rates were measured over their interval; all of them when none was.</summary>
    public static IReadOnlyList<CounterSample> WithRates(IReadOnlyList<CounterSample> samples)
    {
        var measured = samples.Where(s => !s.FirstInterval).ToList();
        return measured.Count > 0 ? measured : samples;
    }
}
