using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Pairs the pool's enqueue and dequeue events of one work item (FrameworkEventSource 30/31, keyed by the item's hash
/// code) into the time it waited in the queue, and sums each interval up as p50/p99/max. Items still queued at the end
/// of an interval count with their wait so far: in a starved pool almost nothing is dequeued, and the items that wait
/// are exactly the ones that matter. Only the newest of them count, as many as the pool says it holds (its queue-length
/// counter): a work item that leaves the queue without a dequeue event (a task run inline by the thread that waits for
/// it) must not be reported as waiting for ever.
/// A dequeue whose enqueue was never seen is an item queued before the session's events began. In a pool that was stuck
/// before the watch attached, those are nearly the only items that move (one per injected thread), and ignoring them
/// left a starving pool with no delay at all for seconds. Each counts from the session's earliest event, which came after
/// the session was enabled and so after the item's enqueue: a lower bound, reported as such. Only as many count as the
/// pool can still hold of them (<see cref="_unseenLeft"/>): a dropped enqueue event or a hash collision would otherwise
/// turn into a wait as long as the session. Not thread-safe: the caller serialises.
/// </summary>
internal sealed class QueueDelayMeter
{
    // Pairs that never complete (hash collisions, items taken without a dequeue event) are forgotten after this long.
    private const double ForgetAfterSeconds = 120;

    private readonly Dictionary<long, double> _queued = [];
    private readonly List<double> _waits = [];
    private double _earliestEvent = double.PositiveInfinity;
    private int _queuedBeforeSession;

    // How many items queued before the session may still be dequeued: unknown until the first interval ends, then the
    // part of the pool's queue the session has not seen enqueued, never growing (every later enqueue is seen).
    private int? _unseenLeft;

    public void Enqueued(long workId, double seconds)
    {
        _earliestEvent = Math.Min(_earliestEvent, seconds);
        _queued[workId] = seconds;
    }

    public void Dequeued(long workId, double seconds)
    {
        _earliestEvent = Math.Min(_earliestEvent, seconds);
        if (_queued.Remove(workId, out var at))
        {
            _waits.Add(Math.Max(0, seconds - at) * 1000);
            return;
        }
        var atLeast = seconds - _earliestEvent;
        // Dequeued as the session began says nothing about how long it waited.
        if (atLeast > 0 && _unseenLeft is not 0)
        {
            _waits.Add(atLeast * 1000);
            _queuedBeforeSession++;
            _unseenLeft--;
        }
    }

    /// <summary>Forgets everything: the events stopped, so what was queued can no longer be paired.</summary>
    public void Reset()
    {
        _queued.Clear();
        _waits.Clear();
        _earliestEvent = double.PositiveInfinity;
        _queuedBeforeSession = 0;
        _unseenLeft = null;
    }

    /// <summary>The interval that ends at <paramref name="now"/>, given how many items the pool holds now; null when nothing was measured.</summary>
    public QueueDelay? TakeInterval(double now, double queueLength)
    {
        var values = new List<double>(_waits);
        var queuedBeforeSession = _queuedBeforeSession;
        _waits.Clear();
        _queuedBeforeSession = 0;
        var stale = _queued.Where(p => now - p.Value > ForgetAfterSeconds).Select(p => p.Key).ToList();
        foreach (var key in stale)
        {
            _queued.Remove(key);
        }
        var held = (int)Math.Max(0, Math.Round(queueLength));
        var unseen = Math.Max(0, held - _queued.Count);
        _unseenLeft = _unseenLeft is { } left ? Math.Min(left, unseen) : unseen;
        var stillQueued = Math.Min(_queued.Count, held);
        if (stillQueued > 0)
        {
            values.AddRange(_queued.Values.OrderByDescending(at => at).Take(stillQueued).Select(at => Math.Max(0, now - at) * 1000));
        }
        if (values.Count == 0)
        {
            return null;
        }
        values.Sort();
        return new QueueDelay(Round(Percentile(values, 0.50)), Round(Percentile(values, 0.99)), Round(values[^1]), values.Count, queuedBeforeSession);
    }

    /// <summary>Nearest-rank percentile of sorted values.</summary>
    internal static double Percentile(List<double> sorted, double p) =>
        sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Count) - 1, 0, sorted.Count - 1)];

    private static double Round(double ms) => Math.Round(ms, 1);
}
