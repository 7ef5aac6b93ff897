using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// The scheduler's word that the pool's workers are blocked: over the latest measured interval they together ran and
/// waited for a CPU under <see cref="DetectionThresholds.QuietWorkersMsPerSecond"/>. Work queued beside such workers
/// is not waiting for CPUs (a crowded host puts them in the run queue) nor behind computing threads: they sleep, wait
/// on a lock, a semaphore or I/O — what `Thread.Sleep`, `lock`, `SemaphoreSlim.Wait` and sync I/O look like, which
/// the runtime does not announce. Where schedstat is not read (not Linux, a recorded series from before it) this never
/// holds and the persistent-queue rule keeps its longer stretch.
/// </summary>
internal static class QuietWorkers
{
    public static bool Hold(CounterSample latest, DetectionThresholds t) =>
        latest is { FirstInterval: false, WorkerScheduling: { } s }
        && s.OnCpuMsPerSecond + s.RunQueueMsPerSecond < t.QuietWorkersMsPerSecond;
}
