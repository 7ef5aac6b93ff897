using PoolDoctor.Report.Advice;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Tests.Shared;
using static PoolDoctor.Tests.Shared.DoctorFixtures;

namespace PoolDoctor.Tests.Analysis.Advice;

public sealed class AdviceTests
{
    private static PoolDoctor.Model.Advice.CulpritAdvice Fix(Culprit culprit) =>
        Assert.Single(AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes);

    [Theory]
    [InlineData("Task<TResult>.Result", ".Result;")]
    [InlineData("Task.Wait", ".Wait();")]
    [InlineData("TaskAwaiter<TResult>.GetResult", ".GetAwaiter().GetResult();")]
    public void Sync_over_async_says_await_all_the_way_up_with_the_culprits_own_blocking_call(string api, string blockingCall)
    {
        var fix = Fix(Culprit("DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, api) with
        {
            Chain = CulpritFrame.Named(["OrdersController.Get", "DiagScenarioController.TaskWait"]),
        });
        Assert.Contains("await", fix.Headline, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("TaskWait blocks a pool thread on " + api, fix.Explanation);
        Assert.Contains("DiagScenarioController.TaskWait and every caller on its chain (OrdersController.Get) must become async", fix.Explanation);
        Assert.Contains("public string TaskWait()", fix.Before);
        Assert.Contains(blockingCall, fix.Before);
        Assert.Contains("public async Task<string> TaskWait()", fix.After);
        Assert.Contains("await ", fix.After);
        Assert.DoesNotContain(blockingCall, fix.After);
        Assert.Contains(AdviceEvidenceText.Lines(fix), e => e.Contains("40 pool threads", StringComparison.Ordinal) && e.Contains(api, StringComparison.Ordinal));
    }

    [Fact]
    public void Sleep_says_await_Task_Delay_instead_of_Thread_Sleep()
    {
        var fix = Fix(Culprit("DiagScenarioController.Sleep", BlockingKind.Sleep, "Thread.Sleep"));
        Assert.Contains("Sleep parks a pool thread in Thread.Sleep", fix.Explanation);
        Assert.Contains("Thread.Sleep(500);", fix.Before);
        Assert.Contains("await Task.Delay(500, cancellationToken);", fix.After);
        Assert.Contains("Task<string> Sleep(CancellationToken", fix.After);
    }

    [Fact]
    public void Sync_io_names_the_drivers_async_api_on_the_same_receiver()
    {
        var fix = Fix(Culprit("DiagScenarioController.DbSync", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery"));
        Assert.Contains("ExecuteNonQueryAsync", fix.Headline);
        Assert.Contains("command.ExecuteNonQuery();", fix.Before);
        Assert.Contains("await command.ExecuteNonQueryAsync(cancellationToken);", fix.After);
        Assert.Contains("DbSync(", fix.Before);
        Assert.DoesNotContain("Task.Run", fix.Headline);
    }

    [Fact]
    public void Async_method_over_sync_io_is_told_its_signature_does_not_keep_the_promise()
    {
        var fix = Fix(Culprit("DiagScenarioController.DbAsyncOverSync", BlockingKind.SyncIO, "SimulatedDbCommand.ExecuteNonQuery") with { Flavor = FrameFlavor.Async });
        Assert.Contains("async Task<string> DbAsyncOverSync()", fix.Before);
        Assert.Contains("DbAsyncOverSync is already an async method", fix.Explanation);
        Assert.Contains("await command.ExecuteNonQueryAsync(cancellationToken);", fix.After);
    }

    [Fact]
    public void A_Task_Run_lambda_gets_drop_the_wrapper_advice_naming_the_lambda()
    {
        var culprit = Culprit("PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery") with
        {
            InTaskRun = true,
            Chain = CulpritFrame.Named(["lambda in DiagScenarioController.DbTaskRun", "PostgresLabDatabase.ExecuteNonQuery"]),
        };
        var fix = Fix(culprit);
        Assert.Contains("Drop the Task.Run wrapper", fix.Headline);
        Assert.Contains("lambda in DiagScenarioController.DbTaskRun", fix.Explanation);
        Assert.Contains("only moves the block", fix.Explanation);
        Assert.Contains("NpgsqlCommand.ExecuteNonQuery", fix.Explanation);
        Assert.Contains("ExecuteNonQueryAsync", fix.Headline);
        Assert.Contains("await Task.Run(() => command.ExecuteNonQuery());", fix.Before);
        Assert.Contains("await command.ExecuteNonQueryAsync(", fix.After);
        Assert.DoesNotContain("Task.Run", fix.After);
        Assert.Contains("ExecuteNonQueryAsync(cancellationToken)", fix.After);
    }

    [Fact]
    public void Lock_suggests_an_async_lock_with_SemaphoreSlim_WaitAsync()
    {
        var fix = Fix(Culprit("DiagScenarioController.LockConvoy", BlockingKind.Lock, "Monitor.Enter"));
        Assert.Contains("LockConvoy waits in Monitor.Enter", fix.Explanation);
        Assert.Contains("lock (Gate)", fix.Before);
        Assert.Contains("await Gate.WaitAsync(cancellationToken);", fix.After);
        Assert.Contains("Task<string> LockConvoy(CancellationToken", fix.After);
    }

    [Fact]
    public void Waiting_on_a_lazy_value_is_told_to_build_it_early_or_await_a_cached_task_not_to_take_an_async_lock()
    {
        var fix = Fix(Culprit("CatalogLoader.get_Catalog", BlockingKind.Lock, "Lazy<T>.Value"));
        Assert.Contains("CatalogLoader.get_Catalog reads Lazy<T>.Value while another thread runs the Lazy's factory", fix.Explanation);
        Assert.Contains("Lazy<Task<Catalog>>", fix.After);
        Assert.DoesNotContain("SemaphoreSlim", fix.After);
    }

    [Fact]
    public void Semaphore_wait_becomes_WaitAsync_and_a_wait_handle_becomes_an_awaited_task()
    {
        var semaphore = Fix(Culprit("DiagScenarioController.SemaphoreWait", BlockingKind.SyncWait, "SemaphoreSlim.Wait"));
        Assert.Contains("Slots.Wait();", semaphore.Before);
        Assert.Contains("await Slots.WaitAsync(cancellationToken);", semaphore.After);

        var handle = Fix(Culprit("Worker.Poll", BlockingKind.SyncWait, "WaitHandle.WaitOne"));
        Assert.Contains("_ready.WaitOne();", handle.Before);
        Assert.Contains("await _ready.Task;", handle.After);
        Assert.Contains("Poll()", handle.After);
    }

    [Fact]
    public void Every_kind_has_advice()
    {
        foreach (var kind in Enum.GetValues<BlockingKind>())
        {
            var fix = Fix(Culprit("App.Handler", kind, "Some.Api"));
            Assert.False(string.IsNullOrWhiteSpace(fix.Headline));
            Assert.Contains("Handler", fix.Before);
            Assert.NotEqual(fix.Before, fix.After);
        }
    }

    [Fact]
    public void A_hostile_method_name_never_becomes_code_in_a_snippet()
    {
        var fix = Fix(Culprit("<script>alert(1)</script>", BlockingKind.SyncOverAsync, "Task.Result"));
        Assert.DoesNotContain("<script>", fix.Before);
        Assert.DoesNotContain("<script>", fix.After);
        Assert.Equal("<script>alert(1)</script>", fix.Method);
    }

    [Fact]
    public void Fixes_follow_culprit_rank_and_skip_noise_below_ten_percent()
    {
        var advice = AdviceBuilder.Build(VerdictKind.Starving,
        [
            Culprit("App.Small", BlockingKind.Sleep, "Thread.Sleep", threads: 2, share: 0.05),
            Culprit("App.Second", BlockingKind.Lock, "Monitor.Enter", threads: 10, share: 0.2),
            Culprit("App.First", BlockingKind.SyncOverAsync, "Task.Result", threads: 50, share: 0.7),
        ], [], 2);
        Assert.Equal(["App.First", "App.Second"], advice.Fixes.Select(f => f.Method));
        Assert.Equal(60, advice.StopGap!.PeakBlockedThreads);
    }

    [Fact]
    public void A_healthy_pool_with_no_culprit_gets_no_advice()
    {
        var fixture = DoctorFixtures.Load("taskasyncwait.json");
        var advice = AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores);
        Assert.Empty(advice.Fixes);
        Assert.Null(advice.StopGap);
    }
}
