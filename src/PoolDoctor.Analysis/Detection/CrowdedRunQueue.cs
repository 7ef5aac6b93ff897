using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Runnable pool threads that wait for CPUs other processes hold, told from pool threads that compute, by what the
/// scheduler did with them (schedstat): on a crowded host a thread that wakes to serve a request, or spins before it
/// blocks, sits in the run queue and counts as runnable. Beside a busy loop on each of 2 cores the lab's healthy
/// `taskasyncwait` had 2-4 workers runnable that ran 35-115 ms/s in all and waited 2,000-4,300 ms/s, at 8-16 % CPU; the
/// CPU-bound `cpu/20` ran 420-1,250 ms/s at 20-70 % CPU (bench/RESULTS.md). The length of a timeslice is reported, not
/// tested: JIT at start-up made `taskasyncwait`'s threads run 1.4-3 ms each time, within `cpu/20`'s 0.9-3.1 ms. Where
/// schedstat is not read (not Linux, a kernel without it, a recorded series from before it) this never holds, and the
/// runnable forms read as they did.
/// </summary>
internal static class CrowdedRunQueue
{
    /// <summary>The runnable workers wait in the run queue at least as long as they run, get little of the cores, and the process uses little CPU.</summary>
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t) => Holds(f.Scheduling, f.CpuPercent, cores, t);

    /// <summary>The same test on one interval's figures.</summary>
    public static bool Holds(WorkerScheduling? s, double cpuPercent, int cores, DetectionThresholds t) =>
        t.WeighRunQueue
        && s is not null
        && s.RunQueueMsPerSecond > 0
        && s.RunQueueMsPerSecond >= t.CrowdedWaitOverRun * s.OnCpuMsPerSecond
        && OnCpuPercent(s, cores) < t.CrowdedMaxOnCpuPercent
        && cpuPercent < t.ComputingCpuPercent;

    /// <summary>The workers' time on a CPU as a percentage of all cores (2,000 ms/s on 2 cores is 100 %).</summary>
    public static double OnCpuPercent(WorkerScheduling s, int cores) => s.OnCpuMsPerSecond / (10.0 * Math.Max(1, cores));

    /// <summary>Why the runnable threads were not read as CPU-bound work; added to whichever verdict the later rules give.</summary>
    public static EvidenceItem HeldElsewhere(WindowFigures f, int cores, DetectionThresholds t) =>
        Item(EvidenceKind.RunQueueHeldElsewhere, f, cores) with
        {
            Figure = f.Scheduling!.RunQueueMsPerSecond,
            Threshold = t.CrowdedWaitOverRun * f.Scheduling.OnCpuMsPerSecond,
            Figures =
            [
                new(FigureName.OnCpuMsPerSecond, f.Scheduling.OnCpuMsPerSecond, MillisecondsPerSecond),
                new(FigureName.MsPerTimeslice, f.Scheduling.MsPerTimeslice ?? 0, Milliseconds),
                new(FigureName.RunnableThreads, f.RunnableWorkers ?? 0, Threads),
                new(FigureName.CpuPercent, f.CpuPercent, Percent),
            ],
        };

    /// <summary>The same figures beside a CpuSaturated verdict: the runnable workers do get CPUs and use them.</summary>
    public static EvidenceItem Runs(WindowFigures f, int cores) =>
        Item(EvidenceKind.PoolThreadsRun, f, cores) with
        {
            Figure = f.Scheduling!.OnCpuMsPerSecond,
            Figures =
            [
                new(FigureName.MsPerTimeslice, f.Scheduling.MsPerTimeslice ?? 0, Milliseconds),
                new(FigureName.RunQueueMsPerSecond, f.Scheduling.RunQueueMsPerSecond, MillisecondsPerSecond),
            ],
        };

    private static EvidenceItem Item(EvidenceKind kind, WindowFigures f, int cores) =>
        new(kind) { Unit = MillisecondsPerSecond, Cores = cores, WindowSeconds = f.RunnableSpanSeconds };
}
