using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// The acceptance: for every blocking lab endpoint under 125-connection load, `stacks -p` names the endpoint's own
/// method with the right kind and at least half of the pool-thread time; healthy endpoints give no culprit above 10 %.
/// One lab per endpoint: queued blocked requests (a lock convoy drains for a minute) would pollute the next capture.
/// </summary>
// Blocking shows whatever the other lane does: scripts/test.sh may run these beside another paired test.
public sealed class CulpritEndToEndTests
{
    private const int Connections = 125;
    private static readonly TimeSpan WarmUp = TimeSpan.FromSeconds(4);

    /// <summary>
    /// The lock and the 4-slot semaphore complete a request every 500 ms, so the pool never goes long without a dequeue
    /// and its starvation injector seldom fires: on a 2-core machine the pool can stay at 2-3 threads, most of them the
    /// holders (in Thread.Sleep) rather than the waiters. Sixteen minimum workers model an ordinary 8+-core server,
    /// where waiters outnumber holders from the start. The runtime reads the value as hex.
    /// </summary>
    private static readonly Dictionary<string, string> ServerSizedPool = new() { ["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "0x10" };

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

    // The call site is the lab's repository method that calls Npgsql's sync API, whichever endpoint called it.
    [SkippableTheory]
    [InlineData("db/sync")]
    [InlineData("db/asyncoversync")]
    [InlineData("db/taskrun")]
    public async Task Sync_database_io_on_real_postgres_is_the_top_culprit(string route)
    {
        await using var lab = await LabProcess.StartAsync(PostgresFixture.Require());
        await AssertTopCulpritAsync(lab, route, "PostgresLabDatabase.ExecuteNonQuery", "SyncIO");
    }

    [Theory]
    [InlineData("taskasyncwait")]
    [InlineData("hello")]
    public async Task Healthy_endpoint_has_no_culprit_above_ten_percent(string route)
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = new LoopLoad(lab.Url(route), Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(WarmUp);
        var start = load.Elapsed.TotalSeconds;
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId);
        var end = load.Elapsed.TotalSeconds;
        // "No culprit" proves nothing unless the lab was serving this route while it was sampled.
        var answered = load.Completions.Count(t => t >= start && t <= end);
        Assert.True(answered > 0, $"no 2xx response from {route} during the capture ({end - start:F1} s)");
        Assert.All(StacksJson.Culprits(json), c => Assert.True(c.Share <= 0.10, StacksJson.Describe(json, run)));
        Assert.True(json.RootElement.GetProperty("samples").GetInt32() > 0, StacksJson.Describe(json, run));
    }

    /// <summary>
    /// Issue 20, item 4: the waiters (Lock.Enter) and the holder (Thread.Sleep inside the lock) of LockConvoy are one
    /// culprit of kind Lock that names what the lock is held across; before, they were two rows of about a third each.
    /// </summary>
    [Fact]
    public async Task A_lock_held_across_a_sleep_is_one_lock_culprit_held_across_Thread_Sleep()
    {
        await using var lab = await LabProcess.StartAsync(environment: ServerSizedPool);
        await using var load = new LoopLoad(lab.Url("lock"), Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(WarmUp);
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId);
        var why = StacksJson.Describe(json, run);

        var rows = json.RootElement.GetProperty("culprits").EnumerateArray()
            .Where(c => c.GetProperty("method").GetString()!.EndsWith("DiagScenarioController.LockConvoy", StringComparison.Ordinal))
            .ToList();
        var row = Assert.Single(rows);
        Assert.True(row.GetProperty("kind").GetString() == "Lock", why);
        Assert.True(row.TryGetProperty("heldAcross", out var held) && held.GetString() == "Thread.Sleep", why);
        Assert.True(row.GetProperty("share").GetDouble() >= 0.5, why);
    }

    private static async Task AssertTopCulpritAsync(LabProcess lab, string route, string method, string kind)
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
