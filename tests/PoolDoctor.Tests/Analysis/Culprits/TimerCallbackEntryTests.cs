using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// Recorded with `diagnose --load` on an app written for the trials (docs/accuracy.md): a housekeeping
/// <c>System.Threading.Timer</c> every 20 ms whose callback calls the app's own pricing route with
/// <c>.GetAwaiter().GetResult()</c>. The thread that blocked in the callback later finished one of those pricing
/// requests, and the request join put the callback's samples on it: the entry read <c>GET /upstream/price/{id}</c>.
/// </summary>
public class TimerCallbackEntryTests
{
    private static readonly RequestContext PricingRequest = new("GET", "/upstream/price/1", "/upstream/price/{id}", "HTTP: GET /upstream/price/{id}");

    private static readonly string[] Blocked =
    [
        "System.Threading.Monitor.Wait(class System.Object,int32)",
        "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)",
        "System.Threading.Tasks.Task.SpinThenBlockingWait(int32,value class System.Threading.CancellationToken)",
        "System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)",
        "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)",
        "System.Runtime.CompilerServices.TaskAwaiter`1[System.__Canon].GetResult()",
    ];

    [Fact]
    public void A_timer_callback_is_its_own_entry_even_when_its_thread_was_joined_to_a_request()
    {
        string[] frames =
        [
            .. Blocked,
            "Fabrikam.Orders.CacheJanitor.Sweep(class System.Object)",
            "System.Threading.ExecutionContext.RunInternal(class System.Threading.ExecutionContext,class System.Threading.ContextCallback,class System.Object)",
            "System.Threading.TimerQueueTimer.Fire(bool)",
        ];

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 40, frames) with { Request = PricingRequest }])).Culprits);

        Assert.Equal("CacheJanitor.Sweep", culprit.Method);
        Assert.Equal("timer callback CacheJanitor.Sweep", EntryText.Of(culprit.Entry));
    }

    [Fact]
    public void A_handler_resumed_by_task_delay_under_the_timer_keeps_its_request()
    {
        string[] frames =
        [
            .. Blocked,
            "Fabrikam.Orders.QuotesController+<Get>d__2.MoveNext()",
            "System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1+AsyncStateMachineBox`1[System.__Canon,Fabrikam.Orders.QuotesController+<Get>d__2].MoveNext(class System.Threading.Thread)",
            "System.Threading.Tasks.Task.RunContinuations(class System.Object)",
            "System.Threading.Tasks.Task+DelayPromise.CompleteTimedOut()",
            "System.Threading.TimerQueueTimer.Fire(bool)",
        ];
        var quotes = new RequestContext("GET", "/api/quotes/3", "api/quotes/{id}", "HTTP: GET api/quotes/{id}");

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 40, frames) with { Request = quotes }])).Culprits);

        Assert.Equal("GET /api/quotes/{id}", EntryText.Of(culprit.Entry));
    }
}
