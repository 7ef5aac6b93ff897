using System.Net;
using PoolDoctor.Model.Verdicts;
using Prometheus;

namespace PoolDoctor.Metrics;

/// <summary>
/// Serves a watch's figures as Prometheus text at http://HOST:PORT/metrics through prometheus-net's MetricServer,
/// from a registry of its own (the tool's own process metrics are not the target's and stay out). Values are copied
/// from <see cref="WatchState"/> just before each scrape, so a scrape always sees one consistent snapshot.
/// </summary>
public sealed class PrometheusEndpoint : IDisposable
{
    private readonly IMetricServer _server;
    private readonly WatchState _state;
    private readonly Gauge _threads;
    private readonly Gauge _queue;
    private readonly Counter _workItems;
    private readonly Gauge _completed;
    private readonly Counter _injections;
    private readonly Gauge _starving;
    private readonly Gauge _verdict;
    private readonly Gauge _culprit;
    private readonly Gauge _attached;
    private readonly Counter _reports;
    private readonly Counter _ownCpu;
    private readonly Gauge _ownResident;
    private readonly Gauge _ownGcHeap;
    private readonly Gauge _ownGcCommitted;
    private CulpritSeries? _shownCulprit;

    private PrometheusEndpoint(string host, int port, WatchState state)
    {
        _state = state;
        var registry = Prometheus.Metrics.NewCustomRegistry();
        var factory = Prometheus.Metrics.WithCustomRegistry(registry);
        _threads = factory.CreateGauge(MetricNames.Prometheus(MetricNames.ThreadCount), "Thread-pool worker threads of the watched process.");
        _queue = factory.CreateGauge(MetricNames.Prometheus(MetricNames.QueueLength), "Work items waiting in the thread pool's queue.");
        _workItems = factory.CreateCounter(MetricNames.Prometheus(MetricNames.WorkItemCount, counter: true), "Work items the thread pool completed while watched.");
        _completed = factory.CreateGauge(MetricNames.Prometheus(MetricNames.CompletedPerSecond), "Work items completed per second in the last interval.");
        _injections = factory.CreateCounter(MetricNames.Prometheus(MetricNames.Injections, counter: true), "The runtime's thread-count adjustments (event 55) by reason.", "reason");
        _starving = factory.CreateGauge(MetricNames.Prometheus(MetricNames.Starving), "1 while PoolDoctor's verdict is Starving, else 0.");
        _verdict = factory.CreateGauge(MetricNames.Prometheus(MetricNames.Verdict), "1 for the current verdict, 0 for the others.", "verdict");
        _culprit = factory.CreateGauge(MetricNames.Prometheus(MetricNames.Culprit), "The top culprit of the latest report: pool threads it held.", "method", "kind");
        _attached = factory.CreateGauge(MetricNames.Prometheus(MetricNames.Attached), "1 while a target is attached.");
        _reports = factory.CreateCounter(MetricNames.Prometheus(MetricNames.Reports, counter: true), "Reports this watch wrote.");
        _ownCpu = factory.CreateCounter(MetricNames.Prometheus(MetricNames.OwnCpu, counter: true), "CPU seconds this watch process used.");
        _ownResident = factory.CreateGauge(MetricNames.Prometheus(MetricNames.OwnResident), "Resident memory of this watch process.");
        _ownGcHeap = factory.CreateGauge(MetricNames.Prometheus(MetricNames.OwnGcHeap), "This watch process's GC heap after its last collection.");
        _ownGcCommitted = factory.CreateGauge(MetricNames.Prometheus(MetricNames.OwnGcCommitted), "Memory this watch process's GC has committed.");
        registry.AddBeforeCollectCallback(Refresh);
        _server = new MetricServer(host, port, "metrics/", registry);
    }

    /// <summary>Starts listening; a taken port or a host that cannot be bound is a <see cref="MetricsException"/>.</summary>
    public static PrometheusEndpoint Start(MetricsAddress address, WatchState state)
    {
        var endpoint = new PrometheusEndpoint(address.ListenerHost, address.Port, state);
        try
        {
            endpoint._server.Start();
            return endpoint;
        }
        catch (Exception e) when (e is HttpListenerException or InvalidOperationException or System.Net.Sockets.SocketException)
        {
            endpoint.Dispose();
            throw new MetricsException($"--metrics: cannot listen on {address}: {e.Message}", e);
        }
    }

    private void Refresh()
    {
        var s = _state.Snapshot();
        _threads.Set(s.Latest?.ThreadCount ?? double.NaN);
        _queue.Set(s.Latest?.QueueLength ?? double.NaN);
        _completed.Set(s.Latest?.CompletedPerSecond ?? double.NaN);
        _workItems.IncTo(s.WorkItemsCompleted);
        foreach (var (reason, count) in s.InjectionsByReason)
        {
            _injections.WithLabels(reason.ToString()).IncTo(count);
        }
        _starving.Set(s.Starving ? 1 : 0);
        foreach (var kind in Enum.GetValues<VerdictKind>())
        {
            _verdict.WithLabels(kind.ToString()).Set(kind == s.Verdict ? 1 : 0);
        }
        _attached.Set(s.Attached ? 1 : 0);
        _reports.IncTo(s.ReportsWritten);
        var own = OwnProcess.Now();
        _ownCpu.IncTo(own.CpuSeconds);
        _ownResident.Set(own.ResidentBytes);
        _ownGcHeap.Set(own.GcHeapBytes);
        _ownGcCommitted.Set(own.GcCommittedBytes);
        if (s.Culprit != _shownCulprit)
        {
            if (_shownCulprit is { } old)
            {
                _culprit.RemoveLabelled(old.Method, old.Kind);
            }
            _shownCulprit = s.Culprit;
        }
        if (s.Culprit is { } c)
        {
            _culprit.WithLabels(c.Method, c.Kind).Set(c.Threads);
        }
    }

    public void Dispose()
    {
        try
        {
            _server.Stop();
        }
        catch (Exception e) when (e is ObjectDisposedException or InvalidOperationException or HttpListenerException)
        {
            // Never started (the port was taken): nothing to stop.
        }
        _server.Dispose();
    }
}
