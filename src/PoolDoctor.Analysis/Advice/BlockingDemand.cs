using PoolDoctor.Model.Advice;
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
    public static DemandEstimate? Estimate(IReadOnlyList<Culprit> culprits, double windowSeconds, int? loadConcurrency)
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
        if (lambda is { } rate && w is { } blocking)
        {
            return new DemandEstimate(Threads(rate, blocking), rate, blocking, null,
                $"Little's law from the {measured}; measured while the pool starved, so a lower bound: size from the service's "
                + "request rate × blocking time when you know them");
        }
        return null;
    }
}
