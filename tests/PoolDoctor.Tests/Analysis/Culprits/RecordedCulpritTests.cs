using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// The analyzer on stacks recorded from the lab under 125-connection load (fixtures/stacks, see its README):
/// each blocking endpoint must be named, with the right kind, as holding at least half of the pool-thread time.
/// </summary>
public class RecordedCulpritTests
{
    [Theory]
    [InlineData("taskwait", "DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, "Task.Result", "DiagScenarioController.TaskWait")]
    [InlineData("wait", "DiagScenarioController.Wait", BlockingKind.SyncOverAsync, "Task.Wait", "DiagScenarioController.Wait")]
    [InlineData("getresult", "DiagScenarioController.GetResult", BlockingKind.SyncOverAsync, "GetAwaiter().GetResult()", "DiagScenarioController.GetResult")]
    [InlineData("db-syncoverasync-simulated", "DiagScenarioController.DbSyncOverAsync", BlockingKind.SyncOverAsync, "Task.Wait", "DiagScenarioController.DbSyncOverAsync")]
    [InlineData("db-syncoverasync-postgres", "DiagScenarioController.DbSyncOverAsync", BlockingKind.SyncOverAsync, "Task.Wait", "DiagScenarioController.DbSyncOverAsync")]
    [InlineData("tasksleepwait", "DiagScenarioController.TaskSleepWait", BlockingKind.Sleep, "Thread.Sleep", "DiagScenarioController.TaskSleepWait")]
    [InlineData("sleep", "DiagScenarioController.Sleep", BlockingKind.Sleep, "Thread.Sleep", "DiagScenarioController.Sleep")]
    // The lab's simulated driver is the lab's own code (no product code knows its name), so its socket read is the call site.
    [InlineData("db-sync-simulated", "SimulatedDbCommand.ExecuteNonQuery", BlockingKind.SyncIO, "Socket.Receive", "DiagScenarioController.DbSync")]
    [InlineData("db-asyncoversync-simulated", "SimulatedDbCommand.ExecuteNonQuery", BlockingKind.SyncIO, "Socket.Receive", "DiagScenarioController.DbAsyncOverSync (async)")]
    [InlineData("db-taskrun-simulated", "SimulatedDbCommand.ExecuteNonQuery", BlockingKind.SyncIO, "Socket.Receive", "lambda in DiagScenarioController.DbTaskRun")]
    [InlineData("db-sync-postgres", "PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "DiagScenarioController.DbSync")]
    [InlineData("db-asyncoversync-postgres", "PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "DiagScenarioController.DbAsyncOverSync (async)")]
    [InlineData("db-taskrun-postgres", "PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "lambda in DiagScenarioController.DbTaskRun")]
    [InlineData("lock", "DiagScenarioController.LockConvoy", BlockingKind.Lock, "Lock.Enter", "DiagScenarioController.LockConvoy")]
    [InlineData("lock-min16", "DiagScenarioController.LockConvoy", BlockingKind.Lock, "Lock.Enter", "DiagScenarioController.LockConvoy")]
    [InlineData("semaphore", "DiagScenarioController.SemaphoreWait", BlockingKind.SyncWait, "SemaphoreSlim.Wait", "DiagScenarioController.SemaphoreWait")]
    [InlineData("semaphore-min16", "DiagScenarioController.SemaphoreWait", BlockingKind.SyncWait, "SemaphoreSlim.Wait", "DiagScenarioController.SemaphoreWait")]
    public void Blocking_endpoint_is_the_top_culprit(string fixture, string method, BlockingKind kind, string api, string entry)
    {
        var analysis = CulpritAnalyzer.Analyze(RecordedStacks.Load(fixture));

        var top = analysis.Culprits[0];
        Assert.Equal(method, top.Method);
        Assert.Equal(kind, top.Kind);
        Assert.Equal(api, top.Api);
        Assert.True(top.Share >= 0.5, $"{fixture}: top culprit share {top.Share:P1}");
        Assert.InRange(top.Threads, 2, analysis.PoolThreads);
        Assert.Contains(top.ExampleStack, frame => frame == method || frame.StartsWith(method + " (", StringComparison.Ordinal));
        Assert.Equal(entry, EntryText.Of(top.Entry));
        Assert.Equal(entry, top.ChainNames[0]);
        Assert.Equal(top.DisplayName, top.ChainNames[^1]);
        Assert.Equal(CallSiteSource.Stack, top.Site.Source);
        Assert.Equal(analysis.Culprits.OrderByDescending(c => c.Share).Select(c => c.Share), analysis.Culprits.Select(c => c.Share));
    }

    [Theory]
    [InlineData("taskasyncwait")]
    [InlineData("hello")]
    [InlineData("db-async-simulated")]
    [InlineData("db-async-postgres")]
    public void Healthy_endpoint_under_load_has_no_culprit_above_ten_percent(string fixture)
    {
        var analysis = CulpritAnalyzer.Analyze(RecordedStacks.Load(fixture));

        Assert.True(analysis.PoolThreads > 0);
        Assert.All(analysis.Culprits, c => Assert.True(c.Share <= 0.10, $"{fixture}: {c.Method} {c.Kind} holds {c.Share:P1}"));
    }

    [Fact]
    public void Async_database_calls_are_never_reported_as_sync_io()
    {
        foreach (var fixture in new[] { "db-async-simulated", "db-async-postgres" })
        {
            var analysis = CulpritAnalyzer.Analyze(RecordedStacks.Load(fixture));
            Assert.DoesNotContain(analysis.Culprits, c => c.Kind == BlockingKind.SyncIO && c.Method.StartsWith("DiagScenarioController", StringComparison.Ordinal));
        }
    }

    [Fact]
    public void Task_run_lambda_starts_the_chain_and_is_marked_as_queued_by_task_run()
    {
        var snapshot = RecordedStacks.Load("db-taskrun-postgres");
        Assert.Contains(snapshot.Stacks.SelectMany(s => s.Frames), f => f.Method.Contains("<DbTaskRun>b__", StringComparison.Ordinal));

        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("PostgresLabDatabase.ExecuteNonQuery", top.Method);
        Assert.Equal(["lambda in DiagScenarioController.DbTaskRun", "PostgresLabDatabase.ExecuteNonQuery"], top.ChainNames);
        Assert.True(top.InTaskRun);
        Assert.Contains("lambda in DiagScenarioController.DbTaskRun", top.ExampleStack);
    }

    [Theory]
    [InlineData("db-sync-postgres")]
    [InlineData("db-asyncoversync-postgres")]
    public void A_direct_call_is_not_marked_as_queued_by_task_run(string fixture)
    {
        Assert.False(CulpritAnalyzer.Analyze(RecordedStacks.Load(fixture)).Culprits[0].InTaskRun);
    }

    [Theory]
    [InlineData("taskwait")]
    [InlineData("getresult")]
    [InlineData("semaphore")]
    public void Recorded_wait_events_add_blocked_time_to_the_sampled_culprit(string fixture)
    {
        var snapshot = RecordedStacks.Load(fixture);
        var withWaits = CulpritAnalyzer.Analyze(snapshot);
        var samplesOnly = CulpritAnalyzer.Analyze(snapshot with { Waits = [] });

        Assert.True(withWaits.Culprits[0].WaitMs > 0, $"{fixture}: no wait time merged");
        Assert.Equal(0, samplesOnly.Culprits[0].WaitMs);
        Assert.Equal(samplesOnly.Culprits[0].Share, withWaits.Culprits[0].Share);
        Assert.Equal(samplesOnly.Culprits[0].Method, withWaits.Culprits[0].Method);
    }

    [Fact]
    public void Idle_workers_stay_in_the_denominator_so_an_unsaturated_pool_shows_lower_shares()
    {
        // A capture where the load did not keep every worker busy (other load tests shared the 2 cores): about half
        // the pool's samples are workers waiting for work. The culprit is still named; its share is of all pool time.
        var analysis = CulpritAnalyzer.Analyze(RecordedStacks.Load("db-taskrun-postgres-unsaturated"));

        var top = analysis.Culprits[0];
        Assert.Equal(("PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO), (top.Method, top.Kind));
        var idleShare = (double)analysis.IdlePoolSamples / analysis.PoolSamples;
        Assert.InRange(idleShare, 0.3, 0.7);
        Assert.InRange(top.Share, 0.3, 0.7);
        var busyShare = top.Share * analysis.PoolSamples / (analysis.PoolSamples - analysis.IdlePoolSamples);
        Assert.True(busyShare > 0.9, $"share of busy pool time {busyShare:P1}");
    }
}
