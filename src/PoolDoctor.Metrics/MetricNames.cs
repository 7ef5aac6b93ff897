namespace PoolDoctor.Metrics;

/// <summary>
/// Instrument names, OpenTelemetry style (the runtime's own `dotnet.thread_pool.*` where the figure is the runtime's);
/// Prometheus sees them with dots as underscores and counters ending in `_total`, as the OpenTelemetry-to-Prometheus
/// convention writes them. docs/production.md lists them.
/// </summary>
public static class MetricNames
{
    public const string ThreadCount = "dotnet.thread_pool.thread.count";
    public const string QueueLength = "dotnet.thread_pool.queue.length";
    public const string WorkItemCount = "dotnet.thread_pool.work_item.count";
    public const string CompletedPerSecond = "pooldoctor.thread_pool.completed_per_second";
    public const string Injections = "pooldoctor.thread_pool.injections";
    public const string Starving = "pooldoctor.starving";
    public const string Verdict = "pooldoctor.verdict";
    public const string Culprit = "pooldoctor.culprit";
    public const string Attached = "pooldoctor.attached";
    public const string Reports = "pooldoctor.reports";
    public const string OwnCpu = "pooldoctor.watch.cpu_seconds";
    public const string OwnResident = "pooldoctor.watch.memory.resident_bytes";
    public const string OwnGcHeap = "pooldoctor.watch.gc.heap_bytes";
    public const string OwnGcCommitted = "pooldoctor.watch.gc.committed_bytes";

    public static string Prometheus(string name, bool counter = false) =>
        name.Replace('.', '_') + (counter ? "_total" : "");
}
