using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Metrics;

/// <summary>
/// The one place a watch writes what it sees and every exporter reads it from (Prometheus on scrape, OTLP on its
/// export timer); thread-safe, because those run on their own threads.
/// </summary>
public sealed class WatchState
{
    private readonly Lock _gate = new();
    private readonly Dictionary<AdjustmentReason, long> _injections = [];
    private CounterSample? _latest;
    private double _workItems;
    private VerdictKind _verdict = VerdictKind.Inconclusive;
    private bool _attached;
    private CulpritSeries? _culprit;
    private long _reports;

    public void Observe(CounterInterval interval, Verdict verdict)
    {
        lock (_gate)
        {
            // Completed/s is a rate over the interval since the previous sample; the total is its integral.
            var seconds = _latest is { } previous && interval.Sample.Seconds > previous.Seconds ? interval.Sample.Seconds - previous.Seconds : 1;
            _workItems += interval.Sample.CompletedPerSecond * seconds;
            _latest = interval.Sample;
            foreach (var injection in interval.Injections)
            {
                _injections[injection.Reason] = _injections.GetValueOrDefault(injection.Reason) + 1;
            }
            _verdict = verdict.Kind;
        }
    }

    /// <summary>A new target (or none): its runtime figures start afresh, the watch's totals carry on.</summary>
    public void SetAttached(bool attached)
    {
        lock (_gate)
        {
            _attached = attached;
            _latest = null;
            _verdict = VerdictKind.Inconclusive;
        }
    }

    public void ReportWritten(Culprit? top)
    {
        lock (_gate)
        {
            _reports++;
            if (top is not null)
            {
                _culprit = new CulpritSeries(top.DisplayName, top.Kind.ToString(), top.Threads);
            }
        }
    }

    public WatchSnapshot Snapshot()
    {
        lock (_gate)
        {
            return new WatchSnapshot(_latest, (long)Math.Round(_workItems), new Dictionary<AdjustmentReason, long>(_injections), _verdict, _attached, _culprit, _reports);
        }
    }
}
