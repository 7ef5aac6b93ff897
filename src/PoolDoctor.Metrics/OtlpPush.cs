using System.Diagnostics.Metrics;
using OpenTelemetry;
using OpenTelemetry.Exporter;
using OpenTelemetry.Metrics;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Metrics;

/// <summary>
/// Pushes the same figures as <see cref="PrometheusEndpoint"/> to an OTLP/HTTP (protobuf) receiver through the
/// OpenTelemetry SDK: observable instruments read <see cref="WatchState"/> at each export. Disposing flushes once.
/// </summary>
public sealed class OtlpPush : IDisposable
{
    public const string MeterName = "PoolDoctor.Watch";

    private readonly Meter _meter;
    private readonly MeterProvider _provider;

    private OtlpPush(Uri endpoint, TimeSpan interval, WatchState state)
    {
        _meter = new Meter(MeterName);
        Instruments(_meter, state);
        _provider = Sdk.CreateMeterProviderBuilder()
            .AddMeter(MeterName)
            .AddOtlpExporter((exporter, reader) =>
            {
                exporter.Endpoint = endpoint;
                exporter.Protocol = OtlpExportProtocol.HttpProtobuf;
                reader.PeriodicExportingMetricReaderOptions.ExportIntervalMilliseconds = (int)interval.TotalMilliseconds;
            })
            .Build()!;
    }

    /// <summary>`--otlp URL`: the receiver's base (…:4318) or its metrics path (…/v1/metrics).</summary>
    public static OtlpPush Start(string url, TimeSpan interval, WatchState state)
    {
        if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
        {
            throw new MetricsException($"--otlp: '{url}' is not an http:// or https:// URL");
        }
        // Set in code, the SDK posts to the URL as given; the signal's path is the receiver's convention.
        var endpoint = uri.AbsolutePath.TrimEnd('/').Length == 0 ? new Uri(uri, "/v1/metrics") : uri;
        return new OtlpPush(endpoint, interval, state);
    }

    private static void Instruments(Meter meter, WatchState state)
    {
        meter.CreateObservableUpDownCounter(MetricNames.ThreadCount, () => Figure(state, s => s.ThreadCount), "{thread}", "Thread-pool worker threads of the watched process.");
        meter.CreateObservableUpDownCounter(MetricNames.QueueLength, () => Figure(state, s => s.QueueLength), "{work_item}", "Work items waiting in the thread pool's queue.");
        meter.CreateObservableCounter(MetricNames.WorkItemCount, () => state.Snapshot().WorkItemsCompleted, "{work_item}", "Work items the thread pool completed while watched.");
        meter.CreateObservableGauge(MetricNames.CompletedPerSecond, () => Figure(state, s => s.CompletedPerSecond), "{work_item}/s", "Work items completed per second in the last interval.");
        meter.CreateObservableCounter(MetricNames.Injections, () => state.Snapshot().InjectionsByReason
            .Select(p => new Measurement<long>(p.Value, new KeyValuePair<string, object?>("reason", p.Key.ToString()))), "{adjustment}", "The runtime's thread-count adjustments (event 55) by reason.");
        meter.CreateObservableGauge(MetricNames.Starving, () => state.Snapshot().Starving ? 1 : 0, null, "1 while PoolDoctor's verdict is Starving, else 0.");
        meter.CreateObservableGauge(MetricNames.Verdict, () =>
        {
            var current = state.Snapshot().Verdict;
            return Enum.GetValues<VerdictKind>().Select(k => new Measurement<int>(k == current ? 1 : 0, new KeyValuePair<string, object?>("verdict", k.ToString())));
        }, null, "1 for the current verdict, 0 for the others.");
        meter.CreateObservableGauge(MetricNames.Culprit, () => state.Snapshot().Culprit is { } c
            ? [new Measurement<int>(c.Threads, new KeyValuePair<string, object?>("method", c.Method), new KeyValuePair<string, object?>("kind", c.Kind))]
            : Array.Empty<Measurement<int>>(), "{thread}", "The top culprit of the latest report: pool threads it held.");
        meter.CreateObservableGauge(MetricNames.Attached, () => state.Snapshot().Attached ? 1 : 0, null, "1 while a target is attached.");
        meter.CreateObservableCounter(MetricNames.Reports, () => state.Snapshot().ReportsWritten, "{report}", "Reports this watch wrote.");
        meter.CreateObservableCounter(MetricNames.OwnCpu, () => OwnProcess.Now().CpuSeconds, "s", "CPU seconds this watch process used.");
        meter.CreateObservableUpDownCounter(MetricNames.OwnResident, () => OwnProcess.Now().ResidentBytes, "By", "Resident memory of this watch process.");
        meter.CreateObservableUpDownCounter(MetricNames.OwnGcHeap, () => OwnProcess.Now().GcHeapBytes, "By", "This watch process's GC heap after its last collection.");
        meter.CreateObservableUpDownCounter(MetricNames.OwnGcCommitted, () => OwnProcess.Now().GcCommittedBytes, "By", "Memory this watch process's GC has committed.");
    }

    private static IEnumerable<Measurement<double>> Figure(WatchState state, Func<Model.Counters.CounterSample, double> read) =>
        state.Snapshot().Latest is { } latest ? [new Measurement<double>(read(latest))] : [];

    public void Dispose()
    {
        _provider.ForceFlush(2000);
        _provider.Dispose();
        _meter.Dispose();
    }
}
