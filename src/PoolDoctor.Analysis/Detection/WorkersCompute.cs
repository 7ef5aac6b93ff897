using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Queued work behind pool threads that run, not threads that block. The queue rules (signature, not draining, persistent)
/// read a low process CPU as "the threads wait, they do not compute"; on a host whose cores other processes hold, an
/// allocation-heavy route's pool is low on CPU too, and its queue climbs with the threads (the lab's `alloc` beside three
/// other loaded tests: 122 queued, 5-6 threads and climbing, the process at 23-25 % CPU). What the scheduler did with the
/// workers (schedstat) tells the two apart: that pool's workers ran 320-448 ms/s, 71-145 ms/s each; a blocked pool's
/// sleep (at most 106 ms/s in all, 35 each, over every blocking route of the same runs). Where schedstat is not read this
/// never holds, and the rules read as before.
/// </summary>
internal static class WorkersCompute
{
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t) =>
        t.WeighRunQueue
        && f.Scheduling is { } s
        && f.ScheduledThreadsMean > 0
        // Over a second of samples, as the runnable forms of cpu-saturated: in one half second at start-up a blocking
        // route's three workers ran 204 ms/s compiling, with nothing queued yet (crowded/db-sync-mvc at 0.8 s).
        && f.RunnableSpanSeconds >= WindowFigures.MinSchedulingSpanSeconds
        && s.OnCpuMsPerSecond >= t.WorkersComputeMsPerCore * cores
        && PerThread(f) >= t.WorkersComputeMsPerThread;

    // Over the threads the time was shared among, not the latest count: the lab's `cpu/20` on a crowded CI host ran 3
    // threads at 286-648 ms/s, then grew to 13 in the sample the persistent-queue rule fired on (48 ms/s over 13, 153
    // over the threads it ran); `alloc` had 8 threads while hill climbing held its goal at 2 most of the time (43 ms/s
    // over 8, 97 over the threads it ran). WindowFigures.ScheduledThreadsMean.
    private static double PerThread(WindowFigures f) => f.Scheduling!.OnCpuMsPerSecond / f.ScheduledThreadsMean;

    /// <summary>
    /// CpuSaturated: work waits behind pool threads that compute, on CPUs other processes share, as long as a queue rule
    /// (signature, not draining, persistent queue) would call starving. What rule 1 says of the same pool once its runnable
    /// threads or its CPU show it, so a verb that attaches while the process's CPU is low (the
    /// neighbours hold the cores) reads what a verb attached later reads (issue 37: `detect` said Starving by the signature,
    /// `diagnose` 12 s later CpuSaturated).
    /// </summary>
    public static Verdict Verdict(WindowFigures f, int cores, DetectionThresholds t)
    {
        var evidence = new List<EvidenceItem>
        {
            Facts.Cpu(EvidenceKind.CpuHeldElsewhere, f, cores),
            Evidence(f, cores, t),
            new(EvidenceKind.QueueWaitsForCpu) { Figure = f.RecentQueueMean, Unit = Items },
            Facts.Threads(f, cores),
            Facts.Queue(EvidenceKind.QueueLength, f.Latest, cores, t),
            Facts.Completed(f.Latest),
        };
        var confidence = 0.65 + (f.RunnableSpanDelayP50Ms is not null ? 0.05 : 0) + (f.StarvationInjections == 0 ? 0.05 : 0);
        return new Verdict(VerdictKind.CpuSaturated, VerdictRuleChain.Round(confidence), VerdictRule.CpuSaturated, evidence, f.Latest.Seconds);
    }

    /// <summary>Why no queue rule called the pool starving; added to the verdict the later rules give.</summary>
    public static EvidenceItem Evidence(WindowFigures f, int cores, DetectionThresholds t) =>
        new(EvidenceKind.WorkersCompute)
        {
            Figure = f.Scheduling!.OnCpuMsPerSecond,
            Unit = MillisecondsPerSecond,
            Threshold = t.WorkersComputeMsPerCore * cores,
            ThresholdPerCore = t.WorkersComputeMsPerCore,
            Cores = cores,
            WindowSeconds = f.RunnableSpanSeconds,
            Figures =
            [
                new(FigureName.OnCpuMsPerThread, PerThread(f), MillisecondsPerSecond),
                new(FigureName.OnCpuThresholdPerThread, t.WorkersComputeMsPerThread, MillisecondsPerSecond),
                new(FigureName.RunQueueMsPerSecond, f.Scheduling.RunQueueMsPerSecond, MillisecondsPerSecond),
            ],
        };
}
