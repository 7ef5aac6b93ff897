using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Model.Dumps;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// The thread pool's state in a dump: thread counts and limits from ClrMD's <see cref="ClrThreadPool"/> (which reads
/// the portable pool's own fields), and queued work items counted in the runtime's queues themselves
/// (<c>ThreadPool.s_workQueue</c>: the global, high-priority and assignable queues, and every worker's local queue),
/// the fields SOS's threadpool command also relies on. What cannot be read stays null and is said once.
/// </summary>
internal static class DumpThreadPoolReader
{
    public static ThreadPoolState? Read(ClrRuntime runtime, List<string> warnings)
    {
        int? threads = null, active = null, idle = null, min = null, max = null;
        try
        {
            if (runtime.ThreadPool is { } pool && pool.MaxThreads > 0)
            {
                active = pool.ActiveWorkerThreads;
                idle = pool.IdleWorkerThreads;
                threads = pool.ActiveWorkerThreads + pool.IdleWorkerThreads;
                min = pool.MinThreads;
                max = pool.MaxThreads;
            }
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Below: the state without the counts, and a warning.
        }
        if (threads is null)
        {
            warnings.Add("the thread pool's thread counts and limits could not be read from this dump");
        }

        long? global = null, local = null;
        try
        {
            (global, local) = WorkQueues.Count(runtime);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // A dump without the heap (mini, triage) has the statics' addresses but not the queues behind them.
        }
        if (global is null)
        {
            warnings.Add("queued work items could not be counted (a mini or triage dump has no heap; take --type heap or full)");
        }
        if (threads is null && global is null)
        {
            return null;
        }
        return new ThreadPoolState(threads, active, idle, min, max, global + local ?? global, global, local);
    }
}
