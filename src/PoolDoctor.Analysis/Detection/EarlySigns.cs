using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// What one interval already shows before any rule can decide: the runtime injected a thread because work blocked, or
/// the queue holds more than half a second's worth of what the pool completes. Not a verdict (a burst at start-up looks the
/// same); a diagnosis uses it to start capturing stacks while the rules wait for their second sample, so the stacks
/// are in by the time the verdict is.
/// </summary>
public static class EarlySigns
{
    public static bool LookBlocked(CounterInterval interval, int cores, DetectionThresholds? thresholds = null)
    {
        var t = thresholds ?? DetectionThresholds.Default;
        if (interval.Injections.Any(i => i.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking))
        {
            return true;
        }
        var sample = interval.Sample;
        // A busy pool also queues (60,000 items/s with 60 waiting is 1 ms of work); a blocked one queues seconds of it.
        // Slow CPU-bound work queues seconds too, but its workers are runnable, not asleep (unless they are runnable only
        // because other processes hold the CPUs: CrowdedRunQueue).
        return sample.QueueLength >= VerdictRuleChain.QueueFloor(cores, t)
            && sample.QueueLength >= t.PersistentQueueSecondsOfWork * Math.Max(1, sample.CompletedPerSecond)
            && sample.CpuPercent < t.CpuLowPercent
            && (!(sample.RunnableWorkers >= t.RunnablePerCore * cores) || CrowdedRunQueue.Holds(sample.WorkerScheduling, sample.CpuPercent, cores, t));
    }
}
