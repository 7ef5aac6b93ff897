using System.Globalization;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// The number of pool threads the blocking work needs at once, by Little's law: L = λ × W, with λ the rate at which
/// blocked work arrives and W how long each blocks. A capture's count of blocked threads is not that number: while
/// the pool starves it holds only as many threads as the runtime has injected so far (11, 7 and 39 seen for 125
/// blocking connections). A closed-loop load of N connections keeps at most N requests in flight, so N bounds the
/// demand when the load is known; wait events measured while starving give λ and W from the runtime itself, held
/// down by the starvation (a lower bound).
/// </summary>
public static class BlockingDemand
{
    /// <summary>Little's law: ceil(λ × W), at most <paramref name="concurrency"/> when known.</summary>
    public static int Threads(double arrivalsPerSecond, double blockingMs, int? concurrency = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(arrivalsPerSecond);
        ArgumentOutOfRangeException.ThrowIfNegative(blockingMs);
        var littles = (int)Math.Min(int.MaxValue, Math.Ceiling(arrivalsPerSecond * blockingMs / 1000.0));
        return concurrency is { } n ? Math.Min(littles, n) : littles;
    }

    /// <summary>
    /// The demand from what a diagnosis measured: the culprits' wait events over the capture window (λ = waits per
    /// second, W = mean wait) and the load's concurrency when the doctor drove the load. Null when neither was measured.
    /// </summary>
    /// <param name="samples">The counter series: when no load was driven, the server's own in-flight work (queued items
    /// plus the requests or threads holding work) sizes the demand, since the wait events read low while the pool starves.</param>
    public static DemandEstimate? Estimate(IReadOnlyList<Culprit> culprits, double windowSeconds, int? loadConcurrency, IReadOnlyList<CounterSample>? samples = null)
    {
        var waits = culprits.Sum(c => (long)c.WaitCount);
        var waitMs = culprits.Where(c => c.WaitCount > 0).Sum(c => c.WaitMs);
        double? lambda = waits > 0 && windowSeconds > 0 ? waits / windowSeconds : null;
        double? w = waits > 0 ? waitMs / waits : null;
        var measured = lambda is { } l && w is { } mean
            ? $"wait events: λ = {l:0.#} blocking waits/s × W = {mean:0.#} ms mean wait = {l * mean / 1000.0:0.#} threads blocked on average"
            : null;
        if (loadConcurrency is { } n && n > 0)
        {
            return new DemandEstimate(n, lambda, w, n,
                $"the load's concurrency: {n} connections keep at most {n} requests in flight, each holding a pool thread while it blocks "
                + "(Little's law with W the whole response time)"
                + (measured is null ? "" : $"; {measured}, measured while starving (held down by the pool's slow injection)"));
        }
        var littles = lambda is { } l2 && w is { } w2 ? Threads(l2, w2) : 0;
        if (InFlight(samples ?? []) is { } server && server.Work > littles)
        {
            return new DemandEstimate(server.Work, lambda, w, server.Work, server.SizedFrom + (measured is null ? "" : $"; {measured}, a lower bound while starving"));
        }
        if (lambda is { } rate && w is { } blocking)
        {
            return new DemandEstimate(Threads(rate, blocking), rate, blocking, null,
                $"Little's law from the {measured}; measured while the pool starved, so a lower bound: size from the service's "
                + "request rate × blocking time when you know them");
        }
        return null;
    }

    /// <summary>
    /// The most work the server held at once: items waiting in the pool's queue plus what already held a thread (the
    /// hosting source's requests in flight, or the pool's threads where the server reports none). A starving pool
    /// queues the requests it has not started, so this counts every request the service had accepted: the demand a
    /// closed-loop load's concurrency would have told, read from the target itself. Null without a queued sample.
    /// </summary>
    public static (int Work, string SizedFrom)? InFlight(IReadOnlyList<CounterSample> samples)
    {
        CounterSample? peak = null;
        var peakWork = 0.0;
        foreach (var s in samples)
        {
            var work = s.QueueLength + Holding(s);
            if (s.QueueLength >= 1 && work > peakWork)
            {
                (peak, peakWork) = (s, work);
            }
        }
        if (peak is null)
        {
            return null;
        }
        var holders = peak.CurrentRequests is { } r && r >= peak.ThreadCount ? $"{F(r)} requests in flight" : $"{F(peak.ThreadCount)} pool threads";
        var connections = samples.Max(s => s.CurrentConnections) is { } c ? $"; Kestrel had up to {F(c)} open connections" : "";
        var most = (int)Math.Ceiling(peakWork);
        return (most, $"the server's own concurrency: up to {most} requests at once ({F(peak.QueueLength)} queued work items + {holders} at +{F(peak.Seconds)} s){connections}");
    }

    private static double Holding(CounterSample s) => s.CurrentRequests is { } r ? Math.Max(r, s.ThreadCount) : s.ThreadCount;

    private static string F(double value) => value.ToString("0.#", CultureInfo.InvariantCulture);
}
