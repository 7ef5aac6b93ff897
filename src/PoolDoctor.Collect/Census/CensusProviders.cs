using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Collect.Census;

/// <summary>
/// What a census session asks of each process, for the whole run: the runtime's contention events (Contention keyword,
/// ContentionStart 81 / Stop 91) and, from .NET 9, WaitHandleWaitStart/Stop (301/302, WaitHandle keyword 0x40000000000:
/// Monitor.Wait under Task.Wait/.Result/GetResult, SemaphoreSlim.Wait, ManualResetEvent(Slim), WaitHandle waits), each
/// with its stack; the JIT/loader events that name the methods; ASP.NET Core's request events for the entry. No sample
/// profiler: a test run blocks rarely, and the events cost the process only when a thread blocks.
/// </summary>
public static class CensusProviders
{

    // TplEventSource: TaskWaitBegin (10) and TaskWaitEnd (11) only, keyword Tasks.
    private const int TaskWaitBeginId = 10;
    private const int TaskWaitEndId = 11;
    private const long TplTasksKeyword = 0x2;

    public static IReadOnlyList<EventPipeProvider> All() =>
    [
        new(StackSessionProviders.Runtime, EventLevel.Verbose, RuntimeKeywords.Loader | RuntimeKeywords.Jit | RuntimeKeywords.ILToNativeMap | RuntimeKeywords.Contention | RuntimeKeywords.WaitHandle),
        StackSessionProviders.AspNetCoreBridge(),
    ];

    /// <summary>
    /// The task waits, announced before the wait spins: a `.Result`, `Wait()` or `GetResult()` on an unfinished task
    /// spins (35 rounds of SpinWait, yielding the core from the 10th) before it blocks, and while the process's own
    /// threads keep every core busy (the JIT at a test run's first requests, parallel tests) that spin outlasts a
    /// 30 ms wait: the task finishes before the thread blocks, and no WaitHandleWait event is written (measured; see
    /// docs/census.md). TaskWaitBegin comes first, whatever the spin does. Filtered to the two events (CollectTracing5,
    /// .NET 10): the keyword alone would add an event per task scheduled and run.
    /// </summary>
    public static EventPipeProvider TaskWaits() =>
        new(StackSessionProviders.Tpl, EventLevel.Verbose, TplTasksKeyword, arguments: null,
            new EventPipeProviderEventFilter(enable: true, [TaskWaitBeginId, TaskWaitEndId]));

    /// <summary>.NET 10+: <see cref="Configuration"/> with the task waits (an event filter needs CollectTracing5).</summary>
    public static EventPipeSessionConfiguration WithTaskWaits() =>
        new([.. All(), TaskWaits()], circularBufferSizeMB: 64, rundownKeyword: StackSessionProviders.RundownKeyword, requestStackwalk: true);

    /// <summary>.NET 9+ (CollectTracing4): the trimmed rundown at the session's stop names the methods jitted before it.</summary>
    public static EventPipeSessionConfiguration Configuration() =>
        new(All(), circularBufferSizeMB: 64, rundownKeyword: StackSessionProviders.RundownKeyword, requestStackwalk: true);

    /// <summary>
    /// A session that only names methods: nothing is enabled at its level, and its stop writes the rundown (every method
    /// jitted or taken from ReadyToRun code so far). A test host is ended by its runner without the rundown a stopped
    /// session writes, so the census takes these while it runs.
    /// </summary>
    public static EventPipeSessionConfiguration Rundown(bool legacy) => legacy
        ? new([new(StackSessionProviders.Runtime, EventLevel.Critical, RuntimeKeywords.Loader)], circularBufferSizeMB: 16, requestRundown: true, requestStackwalk: false)
        : new([new(StackSessionProviders.Runtime, EventLevel.Critical, RuntimeKeywords.Loader)], circularBufferSizeMB: 16, rundownKeyword: StackSessionProviders.RundownKeyword, requestStackwalk: false);

    /// <summary>Older runtimes: the full rundown (they have no WaitHandleWait events; contention still counts).</summary>
    public static EventPipeSessionConfiguration LegacyConfiguration() =>
        new(All(), circularBufferSizeMB: 64, requestRundown: true, requestStackwalk: true);
}
