namespace PoolDoctor.Model.Counters;

/// <summary>
/// What Linux's scheduler did with the thread pool's workers during one interval, summed over the workers, per second of
/// the interval (from /proc/PID/task/TID/schedstat): milliseconds they ran on a CPU, milliseconds they sat runnable in a
/// run queue waiting for one, and how many times they were put on a CPU. Runnable workers that wait far longer than they
/// run, in a process that uses little CPU, wait for CPUs that other processes hold; workers that compute run.
/// </summary>
public sealed record WorkerScheduling(double OnCpuMsPerSecond, double RunQueueMsPerSecond, double TimeslicesPerSecond)
{
    /// <summary>Mean milliseconds on a CPU each time a worker got one; null when none ran.</summary>
    public double? MsPerTimeslice => TimeslicesPerSecond > 0 ? OnCpuMsPerSecond / TimeslicesPerSecond : null;
}
