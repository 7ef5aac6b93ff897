namespace PoolDoctor.Model.Flight;

/// <summary>What a thread began to wait on, as the runtime's wait events tell it (no stack: the recorder asks for none).</summary>
public enum WaitKind
{
    /// <summary>WaitHandleWaitStart with WaitSource=MonitorWait: Task.Wait/.Result/GetResult, SemaphoreSlim.Wait, ManualResetEventSlim.Wait, Monitor.Wait.</summary>
    MonitorWait,

    /// <summary>WaitHandleWaitStart with any other source: WaitHandle.WaitOne/WaitAll/WaitAny on an event, mutex or semaphore.</summary>
    WaitHandle,

    /// <summary>ContentionStart: a thread found a `lock` taken and is blocked on it.</summary>
    LockContention,
}
