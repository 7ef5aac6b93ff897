using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Advice from the evidence: a code change per culprit (in rank order) and, when the pool was blocked, the
/// MinThreads stop-gap computed from the blocked threads observed. Pure: the same evidence gives the same advice.
/// </summary>
public static class AdviceBuilder
{
    /// <summary>Culprits below this share of pool-thread time are noise next to the real blocker; they get no advice.</summary>
    public const double MinimumShare = 0.10;

    /// <param name="captureWindowSeconds">The stack capture's window, over which the culprits' wait events were counted (0: none).</param>
    /// <param name="loadConcurrency">The connections of the load the doctor drove (null: not driven, production traffic).</param>
    public static AdviceSet Build(
        VerdictKind verdict, IReadOnlyList<Culprit> culprits, IReadOnlyList<CounterSample> samples, int cores,
        double captureWindowSeconds = 0, int? loadConcurrency = null)
    {
        var relevant = culprits.Where(c => c.Share >= MinimumShare).OrderByDescending(c => c.Share).ToList();
        var fixes = relevant.Select(AdviceCatalog.For).ToList();
        var blocked = verdict is VerdictKind.Starving or VerdictKind.BlockingCompensated || relevant.Count > 0;
        if (!blocked)
        {
            return new AdviceSet(fixes, null);
        }
        // Sized from the demand (Little's law, the load's concurrency) when measured; the peak seen is the fallback.
        var (peak, source) = MinThreadsCalculator.PeakBlocked(relevant, samples, Math.Max(1, cores));
        if (BlockingDemand.Estimate(relevant, captureWindowSeconds, loadConcurrency, samples) is { Threads: > 0 } demand)
        {
            // Wait events measured while starving can read lower than the threads seen blocked at once: never size below those.
            if (demand.Concurrency is null && demand.Threads < peak)
            {
                demand = demand with { Threads = peak, SizedFrom = demand.SizedFrom + $"; fewer than the {peak} seen blocked at once ({source}), so B = {peak}" };
            }
            return new AdviceSet(fixes, MinThreadsCalculator.Advise(demand, Math.Max(1, cores)));
        }
        return new AdviceSet(fixes, peak > 0 ? MinThreadsCalculator.Advise(peak, Math.Max(1, cores), source) : null);
    }
}
