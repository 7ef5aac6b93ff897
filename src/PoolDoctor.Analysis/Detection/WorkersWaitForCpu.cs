namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Queued work behind pool threads that want a CPU other processes hold, not threads that block. On a crowded host an
/// allocation-heavy route's workers get too little CPU for <see cref="WorkersCompute"/> (the lab's `alloc` beside four
/// loaded test classes: 170-350 ms/s on a CPU, under the 250 ms/s its 2 cores need) while they wait longer in the run
/// queue (1,000-1,800 ms/s), and the queue waits 0.4 s for them: the queue rules read that as blocked threads. Three
/// things tell it apart: the workers wait for a CPU at least as long as they run (<see cref="CrowdedRunQueue"/>); each
/// thread the pool ran is runnable, on a CPU or waiting for one, a quarter of the time or more (alloc 256-845 ms/s,
/// every recorded blocking route 1-209 ms/s once started); and every thread-count change in the window is hill
/// climbing's, with no starvation or cooperative-blocking injection. Where schedstat is not read this never holds.
/// </summary>
internal static class WorkersWaitForCpu
{
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t) =>
        t.WeighRunQueue
        && t.WeighHillClimbing
        && f.GrowthIsHillClimbing
        && CrowdedRunQueue.Holds(f, cores, t)
        && f.ScheduledThreadsMean > 0
        && (f.Scheduling!.OnCpuMsPerSecond + f.Scheduling.RunQueueMsPerSecond) / f.ScheduledThreadsMean >= t.WorkersWantCpuMsPerThread;
}
