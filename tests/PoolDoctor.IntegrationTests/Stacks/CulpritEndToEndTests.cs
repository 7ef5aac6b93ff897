using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// The acceptance: for every blocking lab endpoint under 125-connection load, `stacks -p` names the endpoint's own
/// method with the right kind and at least half of the pool-thread time; healthy endpoints give no culprit above 10 %.
/// One lab per endpoint: queued blocked requests (a lock convoy drains for a minute) would pollute the next capture.
/// The database, healthy and lock-shape tests are <see cref="CulpritEndToEndMoreTests"/>: two classes of about a minute
/// each, so neither can be left to run alone for two minutes at the end of the integration lane.
/// </summary>
// Blocking shows whatever the other lane does: scripts/test.sh may run these beside another paired test.
public sealed class CulpritEndToEndTests
{
    internal const int Connections = 125;
    internal static readonly TimeSpan WarmUp = TimeSpan.FromSeconds(4);

    /// <summary>
    /// The lock and the 4-slot semaphore complete a request every 500 ms, so the pool never goes long without a dequeue
    /// and its starvation injector seldom fires: on a 2-core machine the pool can stay at 2-3 threads, most of them the
    /// holders (in Thread.Sleep) rather than the waiters. Sixteen minimum workers model an ordinary 8+-core server,
    /// where waiters outnumber holders from the start. The runtime reads the value as hex.
    /// </summary>
    internal static readonly Dictionary<string, string> ServerSizedPool = new() { ["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "0x10" };

    [Theory]
    [InlineData("taskwait", "TaskWait", "SyncOverAsync")]
    [InlineData("wait", "Wait", "SyncOverAsync")]
    [InlineData("getresult", "GetResult", "SyncOverAsync")]
    [InlineData("db/syncoverasync", "DbSyncOverAsync", "SyncOverAsync")]
    [InlineData("tasksleepwait", "TaskSleepWait", "Sleep")]
    [InlineData("sleep", "Sleep", "Sleep")]
    [InlineData("lock", "LockConvoy", "Lock")]
    [InlineData("semaphore", "SemaphoreWait", "SyncWait")]
    public async Task Blocking_endpoint_is_the_top_culprit(string route, string method, string kind)
    {
        await using var lab = await LabProcess.StartAsync(environment: route is "lock" or "semaphore" ? ServerSizedPool : null);
        await AssertTopCulpritAsync(lab, route, method, kind);
    }

    internal static async Task AssertTopCulpritAsync(LabProcess lab, string route, string method, string kind)
    {
        await using var load = new LoopLoad(lab.Url(route), Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(WarmUp);
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId);
        var culprits = StacksJson.Culprits(json);
        var why = StacksJson.Describe(json, run);
        Assert.NotEmpty(culprits);
        var top = culprits[0];
        var expected = method.Contains('.', StringComparison.Ordinal) ? method : "DiagScenarioController." + method;
        Assert.True(top.Method.EndsWith(expected, StringComparison.Ordinal), why);
        Assert.True(top.Kind == kind, why);
        Assert.True(top.Share >= 0.5, why);
        Assert.False(lab.HasExited, lab.Output);
    }
}
