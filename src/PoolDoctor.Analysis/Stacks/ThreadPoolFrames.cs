namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Recognises thread-pool threads by the pool's own frames at the bottom of their stacks, and tells a worker that
/// runs a work item from one that waits for work (idle workers hold nothing and are never culprits).
/// </summary>
public static class ThreadPoolFrames
{
    // The worker loop: present on every pool thread, busy or idle.
    private static readonly HashSet<string> WorkerLoop = new(StringComparer.Ordinal)
    {
        "System.Threading.PortableThreadPool.WorkerThread.WorkerThreadStart",
        "System.Threading.PortableThreadPool.WorkerThread.WorkerDoWork",
        "System.Threading.PortableThreadPool.IOCompletionPoller.Poll",
        "System.Threading.WindowsThreadPool.DispatchCallback",
        "System.Threading.ThreadPoolWorkQueue.Dispatch",
        "System.Threading._ThreadPoolWaitCallback.PerformWaitCallback",
        "System.Threading.ThreadPoolWorkQueue.WorkerThreadStart",
    };

    // Frames that mean "running a work item": a pool thread with none of these waits for work.
    private static readonly HashSet<string> Dispatch = new(StringComparer.Ordinal)
    {
        "System.Threading.ThreadPoolWorkQueue.Dispatch",
        "System.Threading.WindowsThreadPool.DispatchCallback",
        "System.Threading._ThreadPoolWaitCallback.PerformWaitCallback",
        "System.Threading.PortableThreadPool.IOCompletionPoller.Callback.Invoke",
    };

    // The pool's own machinery: a wait in here is the pool managing itself, not a work item blocking.
    private static readonly string[] PoolInternals =
    [
        "System.Threading.PortableThreadPool", "System.Threading.ThreadPoolWorkQueue", "System.Threading.ThreadPool",
        "System.Threading.WindowsThreadPool", "System.Threading.LowLevelLifoSemaphore", "System.Threading.LowLevelLock",
        "System.Threading.LowLevelSpinWaiter", "System.Threading.LowLevelMonitor", "System.Threading._ThreadPoolWaitCallback",
    ];

    public static bool IsPoolInternal(FrameName frame) => PoolInternals.Any(p => UserCode.IsUnder(frame.TypeFullName, p));

    public static bool IsWorkerLoop(FrameName frame) => WorkerLoop.Contains(Key(frame));

    public static bool IsDispatch(FrameName frame) => Dispatch.Contains(Key(frame));

    /// <summary>True when the stack (leaf first) belongs to a thread-pool worker.</summary>
    public static bool IsPoolThread(IReadOnlyList<ReadFrame> frames)
    {
        // The worker loop sits at the bottom; scanning from the root finds it in a frame or two.
        for (var i = frames.Count - 1; i >= 0; i--)
        {
            if (IsWorkerLoop(frames[i].Name))
            {
                return true;
            }
        }
        return false;
    }

    /// <summary>True for a pool thread that is not running any work item (waiting in the pool's own semaphore or spinning for work).</summary>
    public static bool IsIdle(IReadOnlyList<ReadFrame> frames) => IsPoolThread(frames) && !frames.Any(f => IsDispatch(f.Name));

    internal static string Key(FrameName frame) => frame.Key;
}
