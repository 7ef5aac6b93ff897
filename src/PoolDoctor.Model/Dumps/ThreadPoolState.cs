namespace PoolDoctor.Model.Dumps;

/// <summary>
/// The thread pool as a core dump froze it. Each figure is null when the dump did not say (a mini dump lacks the
/// heap the queues live on; an unknown runtime layout hides the pool's fields).
/// </summary>
/// <param name="Threads">Worker threads that existed (the runtime's own count, as `threadpool-thread-count` reports).</param>
/// <param name="ActiveThreads">Workers running a work item.</param>
/// <param name="IdleThreads">Workers waiting for work.</param>
/// <param name="MinThreads">The pool's minimum worker threads (below it, threads start without delay).</param>
/// <param name="MaxThreads">The pool's maximum worker threads.</param>
/// <param name="Queued">Work items waiting in the pool's queues (global, high-priority and per-thread local).</param>
/// <param name="QueuedGlobal">Of those, in the global and high-priority queues.</param>
/// <param name="QueuedLocal">Of those, in the worker threads' local queues.</param>
public sealed record ThreadPoolState(
    int? Threads,
    int? ActiveThreads,
    int? IdleThreads,
    int? MinThreads,
    int? MaxThreads,
    long? Queued,
    long? QueuedGlobal,
    long? QueuedLocal);
