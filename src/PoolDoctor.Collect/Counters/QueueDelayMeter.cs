using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Pairs the pool's enqueue and dequeue events of one work item (FrameworkEventSource 30/31, keyed by the item's hash
/// code) into the time it waited in the queue, and sums each interval up as p50/p99/max. Items still queued at the end
/// of an interval count with their wait so far: in a starved pool almost nothing is dequeued, and the items that wait
/// are exactly the ones that matter. Only the newest of them count, as many as the pool says it holds (its queue-length
/// counter): a work item that leaves the queue without a dequeue event (a task run inline by the thread that waits for
/// it) must not be reported as waiting for ever. Not thread-safe: the caller serialises.
/// </summary>
internal sealed class QueueDelayMeter
{
    // Pairs that never complete (hash collisions, items taken without a dequeue event) are forgotten after this long.
    private const double ForgetAfterSeconds = 120;

    private readonly Dictionary<long, double> _queued = [];
    private readonly List<double> _waits = [];

    public void Enqueued(long workId, double seconds) => _queued[workId] = seconds;

    public void Dequeued(long workId, double seconds)
    {
        if (_queued.Remove(workId, out var at))
        {
            _waits.Add(Math.Max(0, seconds - at) * 1000);
        }
    }

    /// <summary>Forgets everything: the events stopped, so what was queued can no longer be paired.</summary>
    public void Reset()
    {
        _queued.Clear();
        _waits.Clear();
    }

    /// <summary>The interval that ends at <paramref name="now"/>, given how many items the pool holds now; null when nothing was measured.</summary>
    public QueueDelay? TakeInterval(double now, double queueLength)
    {
        var values = new List<double>(_waits);
        _waits.Clear();
        var stale = _queued.Where(p => now - p.Value > ForgetAfterSeconds).Select(p => p.Key).ToList();
        foreach (var key in stale)
        {
            _queued.Remove(key);
        }
        var stillQueued = (int)Math.Min(_queued.Count, Math.Max(0, Math.Round(queueLength)));
        if (stillQueued > 0)
        {
            values.AddRange(_queued.Values.OrderByDescending(at => at).Take(stillQueued).Select(at => Math.Max(0, now - at) * 1000));
        }
        if (values.Count == 0)
        {
            return null;
        }
        values.Sort();
        return new QueueDelay(Round(Percentile(values, 0.50)), Round(Percentile(values, 0.99)), Round(values[^1]), values.Count);
    }

    /// <summary>Nearest-rank percentile of sorted values.</summary>
    internal static double Percentile(List<double> sorted, double p) =>
        sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Count) - 1, 0, sorted.Count - 1)];

    private static double Round(double ms) => Math.Round(ms, 1);
}
