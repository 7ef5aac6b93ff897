using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Pool workers that sit in the run queue for CPUs other processes hold, with no sign from the runtime that any of them
/// blocks. The queue rules (signature, not draining, persistent) and a bare starvation injection (no dequeue for 500 ms)
/// read a low CPU with work queued as blocked threads; a process the host leaves a few percent of CPU shows the same
/// figures while its threads wait to run, not to be woken (issue 37: the healthy `alloc` beside two busy workers per core
/// got 3-5 % CPU, its 3 workers waited 530-2,020 ms/s in the run queue and ran 16-88, and `detect` said Starving). Blocked
/// workers sleep: the crowded blocking routes without a cooperative-blocking injection (lock, semaphore, sync DB, a queue
/// consumer) mostly waited under 0.05 of their time in the run queue (<see cref="DetectionThresholds.CrowdedRunQueueShare"/>); the ones whose workers woke often
/// enough to wait longer (`.Result`, `.Wait()`, gRPC's sync call) were announced by the runtime's cooperative-blocking
/// injections, which CPU shortage does not make. Such a pool is Inconclusive: its work waits for CPUs, and whether it would
/// also wait for threads is what a later sample (an announced block, workers asleep, or workers that compute) says.
/// Where schedstat is not read this never holds, and the rules read as before.
/// </summary>
internal static class WorkersWaitForCpu
{
    /// <summary>
    /// Over a second of samples for the queue rules (as the other scheduler tests: half a second of a blocked pool's
    /// wake-ups at start-up waits in the run queue too); over any measured interval for a bare starvation injection, which
    /// the runtime makes after 500 ms without a dequeue whichever the cause, and which a verb attached just before it must
    /// read as the rest of the series does (agreement/alloc-hog2-counters: a detect attached 0.1 s before it said Starving
    /// on its second sample).
    /// </summary>
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t, bool anySpan = false) =>
        t.WeighRunQueue
        && f.Scheduling is { } s
        && f.RunnableSpanSeconds >= (anySpan ? 0.1 : WindowFigures.MinSchedulingSpanSeconds)
        && f.CooperativeBlockingInjections == 0
        && s.RunQueueMsPerSecond >= t.CrowdedWaitOverRun * s.OnCpuMsPerSecond
        // Per thread, or in all: a pool that hill climbing grew and then held to a low goal keeps most of its threads
        // parked, and they dilute the share (the healthy `alloc` beside two busy workers per core, 24 threads under a goal
        // of 4: 140 ms/s each, 2,700 in all, read Starving by the signature in `bench/crowded-verdicts.sh`).
        && (RunQueuePerThread(f) >= t.CrowdedRunQueueShare * 1000 || s.RunQueueMsPerSecond >= t.CrowdedRunQueueMsPerCore * cores)
        && f.CpuPercent < t.ComputingCpuPercent;

    // Over the threads the pool ran (capped by its goal), as WorkersCompute divides: the share of each one's time it spent
    // runnable and not running.
    private static double RunQueuePerThread(WindowFigures f) =>
        f.Scheduling!.RunQueueMsPerSecond / Math.Max(1, f.ScheduledThreadsMean > 0 ? f.ScheduledThreadsMean : f.Latest.ThreadCount);

    /// <summary>Inconclusive: the work waits for CPUs other processes hold, and nothing says its threads block.</summary>
    public static Verdict Verdict(WindowFigures f, int cores, DetectionThresholds t) =>
        new(VerdictKind.Inconclusive, 0.5,
            VerdictRule.CrowdedRunQueue,
            [
                Evidence(f, cores, t),
                Facts.Cpu(EvidenceKind.CpuHeldElsewhere, f, cores),
                Facts.Queue(EvidenceKind.QueueLength, f.Latest, cores, t),
                Facts.Threads(f, cores),
                Facts.Completed(f.Latest),
            ],
            f.Latest.Seconds);

    public static EvidenceItem Evidence(WindowFigures f, int cores, DetectionThresholds t) =>
        new(EvidenceKind.WorkersWaitForCpu)
        {
            Figure = f.Scheduling!.RunQueueMsPerSecond,
            Unit = MillisecondsPerSecond,
            Threshold = t.CrowdedRunQueueMsPerCore * cores,
            ThresholdPerCore = t.CrowdedRunQueueMsPerCore,
            Cores = cores,
            WindowSeconds = f.RunnableSpanSeconds,
            Figures =
            [
                new(FigureName.RunQueueMsPerThread, RunQueuePerThread(f), MillisecondsPerSecond),
                new(FigureName.RunQueueThresholdPerThread, t.CrowdedRunQueueShare * 1000, MillisecondsPerSecond),
                new(FigureName.OnCpuMsPerSecond, f.Scheduling.OnCpuMsPerSecond, MillisecondsPerSecond),
            ],
        };
}
