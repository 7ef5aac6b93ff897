using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>One rule per test, on stacks assembled from frame names recorded in real traces.</summary>
public class CulpritRulesTests
{
    private const string MonitorWait = "System.Threading.Monitor.Wait(class System.Object,int32)";
    private const string MresWait = "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)";
    private const string SpinThenBlockingWait = "System.Threading.Tasks.Task.SpinThenBlockingWait(int32,value class System.Threading.CancellationToken)";
    private const string InternalWaitCore = "System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)";
    private const string GetResultCore = "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)";
    private const string ThreadSleep = "System.Threading.Thread.Sleep(int32)";
    private const string Controller = "PoolDoctor.Lab.DiagScenarioController";

    private static Culprit Top(params ThreadStack[] stacks) => CulpritAnalyzer.Analyze(Snapshot(stacks)).Culprits[0];

    [Fact]
    public void Task_result_is_sync_over_async_through_all_its_inner_frames()
    {
        var top = Top(Pool(1, 100, MonitorWait, MresWait, SpinThenBlockingWait, InternalWaitCore, GetResultCore, Controller + ".TaskWait()"));

        Assert.Equal(("DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, "Task.Result"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void Manual_reset_event_wait_is_sync_wait_only_outside_a_task_wait()
    {
        var top = Top(Pool(1, 100, MonitorWait, MresWait, "Shop.Orders.Batch.AwaitSignal()"));

        Assert.Equal(("Batch.AwaitSignal", BlockingKind.SyncWait, "ManualResetEventSlim.Wait"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void The_sleep_inside_a_task_waits_spinning_is_still_the_task_wait()
    {
        var top = Top(Pool(1, 100, ThreadSleep,
            "System.Threading.SpinWait.SpinOnceCore(int32)",
            "System.Threading.Tasks.Task.SpinWait(int32)",
            SpinThenBlockingWait, InternalWaitCore,
            "System.Threading.Tasks.Task.Wait()", Controller + ".Wait()"));

        Assert.Equal((BlockingKind.SyncOverAsync, "Task.Wait"), (top.Kind, top.Api));
    }

    [Fact]
    public void A_poll_loop_around_a_task_is_sleep()
    {
        var top = Top(Pool(1, 100, ThreadSleep, Controller + ".TaskSleepWait()"));

        Assert.Equal(("DiagScenarioController.TaskSleepWait", BlockingKind.Sleep, "Thread.Sleep"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void Lock_contention_names_the_lock_type()
    {
        var monitor = Top(Pool(1, 100, "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "System.Threading.Monitor.Enter(class System.Object)", "Shop.Cache.Refresh()"));
        var lockType = Top(Pool(1, 100,
            "System.Threading.WaitHandle.WaitOneNoCheck(int32,bool,class System.Object,value class WaitHandleWaitSourceMap)",
            "System.Threading.Lock.TryEnterSlow(int32,value class ThreadId)",
            "System.Threading.Lock.EnterAndGetCurrentThreadId()",
            "System.Threading.Lock.EnterScope()", Controller + ".LockConvoy()"));

        Assert.Equal((BlockingKind.Lock, "Monitor.Enter"), (monitor.Kind, monitor.Api));
        Assert.Equal((BlockingKind.Lock, "Lock.Enter"), (lockType.Kind, lockType.Api));
    }

    [Fact]
    public void Monitor_slow_path_alone_is_lock_contention_when_monitor_enter_was_inlined()
    {
        // .NET 10 in Release: Monitor.Enter is inlined into the caller, so the sampled leaf is its slow path.
        var top = Top(Pool(1, 100, "System.Threading.Monitor.Enter_Slowpath(class System.Object)", "Shop.Cache.Refresh()"));

        Assert.Equal(("Cache.Refresh", BlockingKind.Lock, "Monitor.Enter"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void Waiting_for_another_threads_lazy_initialisation_is_named_after_lazy_value_at_its_caller()
    {
        // Frames as a Release build records them: Lazy<T>.Value inlined into the getter, Monitor.Enter into CreateValue.
        var waiter = Pool(1, 300, "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "System.Lazy`1[System.__Canon].CreateValue()", "Shop.CatalogLoader.get_Catalog()");
        var initialiser = Pool(2, 100, ThreadSleep, "Shop.CatalogLoader.Load()",
            "System.Lazy`1[System.__Canon].ViaFactory(value class System.Threading.LazyThreadSafetyMode)",
            "System.Lazy`1[System.__Canon].ExecutionAndPublication(class System.LazyHelper,bool)",
            "System.Lazy`1[System.__Canon].CreateValue()", "Shop.CatalogLoader.get_Catalog()");

        var culprits = CulpritAnalyzer.Analyze(Snapshot([waiter, initialiser])).Culprits;

        Assert.Equal(("CatalogLoader.get_Catalog", BlockingKind.Lock, "Lazy<T>.Value"), (culprits[0].Method, culprits[0].Kind, culprits[0].Api));
        Assert.Equal(("CatalogLoader.Load", BlockingKind.Sleep, "Thread.Sleep"), (culprits[1].Method, culprits[1].Kind, culprits[1].Api));
    }

    [Fact]
    public void A_lazy_wait_and_its_wait_events_are_one_culprit_not_one_per_event_source()
    {
        string[] frames = ["System.Threading.Monitor.Enter_Slowpath(class System.Object)", "System.Lazy`1[System.__Canon].CreateValue()", "Shop.CatalogLoader.get_Catalog()", .. PoolDispatch];
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
            [new ThreadStack(1, Frames(frames), 100)],
            [new WaitSpan(1, WaitSource.Contention, 500, Frames(frames)), new WaitSpan(1, WaitSource.WaitHandle, 500, Frames(frames))]));

        var only = Assert.Single(analysis.Culprits);
        Assert.Equal((BlockingKind.Lock, "Lazy<T>.Value", 500.0), (only.Kind, only.Api, only.WaitMs));
    }

    [Fact]
    public void An_async_methods_stub_and_its_state_machine_are_one_link_of_the_chain()
    {
        var top = Top(Pool(1, 100, ThreadSleep,
            "Shop.Repository`1+<LoadAsync>d__2[System.__Canon].MoveNext()",
            "System.Runtime.CompilerServices.AsyncMethodBuilderCore.Start(!!0&)",
            "Shop.Repository`1[System.__Canon].LoadAsync(int32)",
            "Shop.Repository`1[System.__Canon].Find(int32)"));

        Assert.Equal(["Repository<T>.Find", "Repository<T>.LoadAsync (async)"], top.ChainNames);
    }

    [Fact]
    public void A_lock_still_in_its_spin_phase_is_not_blocked()
    {
        // Recorded under Task.Delay: the timer queue's lock, spun for a moment on the CPU.
        var spinning = Pool(1, 2, "System.Threading.LowLevelSpinWaiter.Wait(int32,int32,bool)",
            "System.Threading.Lock.TryEnterSlow(int32,value class ThreadId)", "System.Threading.Lock.EnterAndGetCurrentThreadId()",
            "System.Threading.TimerQueueTimer.Change(unsigned int32,unsigned int32)", "System.Threading.Tasks.Task.Delay(int32)",
            "Shop.Repository.Load()");

        Assert.Empty(CulpritAnalyzer.Analyze(Snapshot([spinning])).Culprits);
    }

    [Fact]
    public void A_driver_sync_call_is_sync_io_named_after_the_driver_api_even_when_it_waits_inside()
    {
        var top = Top(Pool(1, 100, MonitorWait, MresWait,
            "System.Net.Sockets.SocketAsyncContext.PerformSyncOperation(class System.Net.Sockets.SocketAsyncContext+OperationQueue`1<!!0>&,!!0,int32,int32)",
            "System.Net.Sockets.Socket.Receive(value class System.Span`1<unsigned int8>,value class System.Net.Sockets.SocketFlags)",
            "System.Net.Sockets.NetworkStream.Read(value class System.Span`1<unsigned int8>)",
            "Npgsql.Internal.NpgsqlReadBuffer.Ensure(int32,bool)",
            "Npgsql.NpgsqlCommand.ExecuteNonQuery(bool,value class System.Threading.CancellationToken)",
            "Npgsql.NpgsqlCommand.ExecuteNonQuery()",
            "PoolDoctor.Lab.Database.PostgresLabDatabase.ExecuteNonQuery()",
            Controller + ".DbSync(class PoolDoctor.Lab.Database.ILabDatabase)",
            "dynamicClass.lambda_method5(pMT: 0x7fde2040dae8,class System.Object)"));

        Assert.Equal(("PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery"), (top.Method, top.Kind, top.Api));
        Assert.Equal(["DiagScenarioController.DbSync", "PostgresLabDatabase.ExecuteNonQuery"], top.ChainNames);
    }

    [Theory]
    [InlineData("Microsoft.Data.SqlClient.SqlCommand.ExecuteReader()", "SqlCommand.ExecuteReader")]
    [InlineData("Npgsql.NpgsqlDataReader.Read()", "NpgsqlDataReader.Read")]
    [InlineData("System.Data.Common.DbCommand.ExecuteReader()", "DbCommand.ExecuteReader")]
    [InlineData("Dapper.SqlMapper.Query(class System.Data.IDbConnection,class System.String,class System.Object)", "SqlMapper.Query")]
    [InlineData("MySqlConnector.MySqlConnection.Open()", "MySqlConnection.Open")]
    public void Driver_sync_calls_are_named_as_the_driver_api(string driverFrame, string api)
    {
        var top = Top(Pool(1, 100, "Npgsql.Internal.NpgsqlConnector.ReadMessage(bool,value class Npgsql.Internal.DataRowLoadingMode)", driverFrame, "Shop.Orders.OrderRepository.Load()"));

        Assert.Equal(("OrderRepository.Load", BlockingKind.SyncIO, api), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void A_driver_internal_helper_with_an_api_like_name_is_not_a_driver_call()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 100, "Npgsql.Internal.PgReader.Read(int32)", "Npgsql.NpgsqlDataReader.GetFieldValue(int32)", "Shop.Orders.OrderRepository.Map()"),
        ]));

        Assert.Empty(analysis.Culprits);
    }

    [Fact]
    public void The_synchronous_start_of_an_async_driver_call_is_not_blocking()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 100,
                "Npgsql.Internal.NpgsqlWriteBuffer.Flush(bool,value class System.Threading.CancellationToken)",
                "Npgsql.NpgsqlCommand.ExecuteReader(bool,value class System.Data.CommandBehavior,value class System.Threading.CancellationToken)",
                "Npgsql.NpgsqlCommand.ExecuteNonQuery(bool,value class System.Threading.CancellationToken)",
                "Npgsql.NpgsqlCommand.ExecuteNonQueryAsync(value class System.Threading.CancellationToken)",
                "PoolDoctor.Lab.Database.PostgresLabDatabase+<ExecuteNonQueryAsync>d__7.MoveNext()"),
        ]));

        Assert.Empty(analysis.Culprits);
    }

    [Fact]
    public void A_sync_receive_inlined_by_tier1_code_is_sync_io_not_the_event_it_waits_on()
    {
        // Warmed MySql.Data 8.0.19: NetworkStream.Read and Socket.Receive inlined into TimedStream.Read, so the stack
        // shows the socket context's sync path over a ManualResetEventSlim wait.
        var top = Top(Pool(1, 100, MonitorWait, MresWait,
            "System.Net.Sockets.SocketAsyncContext.PerformSyncOperation(class System.Net.Sockets.SocketAsyncContext+OperationQueue`1<!!0>&,!!0,int32,int32)",
            "System.Net.Sockets.SocketAsyncContext.ReceiveFrom(value class System.Memory`1<unsigned int8>,value class System.Net.Sockets.SocketFlags&,unsigned int8[],int32&,int32,int32&)",
            "MySql.Data.Common.TimedStream.Read(unsigned int8[],int32,int32)",
            "Shop.Orders.OrderStore.Load()"));

        Assert.Equal(("OrderStore.Load", BlockingKind.SyncIO, "Socket.Receive"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void Sync_socket_io_without_a_known_driver_names_the_socket_call()
    {
        var top = Top(Pool(1, 100,
            "Interop+Sys.Receive(class System.Runtime.InteropServices.SafeHandle,unsigned int8*,int32,value class System.Net.Sockets.SocketFlags,int32*)",
            "System.Net.Sockets.Socket.Receive(value class System.Span`1<unsigned int8>,value class System.Net.Sockets.SocketFlags)",
            "Shop.Legacy.TcpClientWrapper.ReadReply()"));

        Assert.Equal(("TcpClientWrapper.ReadReply", BlockingKind.SyncIO, "Socket.Receive"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void A_task_run_lambda_is_the_call_site_and_marked_as_queued_by_task_run()
    {
        var top = Top(Pool(1, 100, ThreadSleep,
            "Shop.Orders.OrderService+<>c__DisplayClass4_0.<PlaceOrder>b__0()",
            "System.Threading.Tasks.Task.InnerInvoke()",
            "System.Threading.ExecutionContext.RunFromThreadPoolDispatchLoop(class System.Threading.Thread,class System.Threading.ExecutionContext,class System.Threading.ContextCallback,class System.Object)",
            "System.Threading.Tasks.Task.ExecuteWithThreadLocal(class System.Threading.Tasks.Task&,class System.Threading.Thread)"));

        Assert.Equal(("OrderService.PlaceOrder", FrameFlavor.Lambda), (top.Method, top.Flavor));
        Assert.Equal("lambda in OrderService.PlaceOrder", top.DisplayName);
        Assert.True(top.InTaskRun);
        Assert.Contains("lambda in OrderService.PlaceOrder", top.ExampleStack);
    }

    [Fact]
    public void Idle_workers_are_no_culprits_but_count_as_pool_time()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 100, ThreadSleep, Controller + ".Sleep()"),
            Idle(2, 100),
            Idle(3, 100),
            Idle(4, 100),
        ]));

        var only = Assert.Single(analysis.Culprits);
        Assert.Equal(0.25, only.Share, 6);
        Assert.Equal(1, only.Threads);
        Assert.Equal(4, analysis.PoolThreads);
        Assert.Equal(3, analysis.IdlePoolThreads);
        Assert.Equal(1, analysis.BlockedPoolThreads);
        Assert.Equal(400, analysis.PoolSamples);
    }

    [Fact]
    public void The_pools_own_housekeeping_waits_are_not_culprits()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            new ThreadStack(1, Frames(
            [
                "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
                "System.Threading.Monitor.Enter(class System.Object)",
                "System.Threading.PortableThreadPool.AdjustMaxWorkersActive()",
                .. PoolDispatch,
            ]), 100),
        ],
        [
            new WaitSpan(1, WaitSource.Contention, 18, Frames(["System.Threading.Monitor.Enter(class System.Object)", .. PoolDispatch])),
        ]));

        Assert.Empty(analysis.Culprits);
        Assert.Equal(18, analysis.UnattributedWaitMs, 6);
    }

    [Fact]
    public void Blocking_inside_a_framework_without_user_code_is_reported_under_the_framework_caller()
    {
        var top = Top(Pool(1, 100,
            "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "System.Threading.Monitor.Enter(class System.Object)",
            "System.Collections.Concurrent.ConcurrentQueue`1[System.__Canon].EnqueueSlow(!0)",
            "Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets.Internal.IOQueue.Schedule(class System.Action`1<class System.Object>,class System.Object)"));

        Assert.Equal(("ConcurrentQueue<T>.EnqueueSlow", BlockingKind.Lock, "Monitor.Enter"), (top.Method, top.Kind, top.Api));
    }

    [Fact]
    public void Non_pool_threads_are_never_culprits()
    {
        var dedicated = new ThreadStack(9, Frames(ThreadSleep, "Shop.Jobs.Poller.Run()", "System.Threading.Thread.StartCallback()"), 500);

        var analysis = CulpritAnalyzer.Analyze(Snapshot([dedicated, Idle(1, 100)]));

        Assert.Empty(analysis.Culprits);
        Assert.Equal(1, analysis.PoolThreads);
    }

    [Fact]
    public void Running_code_is_not_blocking()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 100, "System.Collections.Generic.Dictionary`2[System.__Canon,System.__Canon].FindValue(!0)", Controller + ".Cpu(int32)"),
        ]));

        Assert.Empty(analysis.Culprits);
        Assert.Equal(0, analysis.BlockedPoolThreads);
    }

    [Fact]
    public void Culprits_merge_by_method_and_kind_and_rank_by_share()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 30, ThreadSleep, Controller + ".Sleep()"),
            Pool(2, 30, ThreadSleep, Controller + ".Sleep()"),
            Pool(2, 10, ThreadSleep, "System.Threading.Tasks.Task.Wait()", Controller + ".Sleep()"),
            Pool(3, 20, MonitorWait, MresWait, SpinThenBlockingWait, InternalWaitCore, "System.Threading.Tasks.Task.Wait()", Controller + ".Wait()"),
            Idle(4, 10),
        ]));

        Assert.Equal(3, analysis.Culprits.Count);
        Assert.Equal(("DiagScenarioController.Sleep", BlockingKind.Sleep, 2, 0.6), (analysis.Culprits[0].Method, analysis.Culprits[0].Kind, analysis.Culprits[0].Threads, Math.Round(analysis.Culprits[0].Share, 6)));
        Assert.Equal(("DiagScenarioController.Wait", BlockingKind.SyncOverAsync, 0.2), (analysis.Culprits[1].Method, analysis.Culprits[1].Kind, Math.Round(analysis.Culprits[1].Share, 6)));
        Assert.Equal(("DiagScenarioController.Sleep", BlockingKind.SyncOverAsync, 0.1), (analysis.Culprits[2].Method, analysis.Culprits[2].Kind, Math.Round(analysis.Culprits[2].Share, 6)));
    }

    [Fact]
    public void Wait_spans_add_time_to_the_sampled_culprit_and_surface_blocking_the_sampler_missed()
    {
        var taskWait = new[] { MonitorWait, MresWait, SpinThenBlockingWait, InternalWaitCore, GetResultCore, Controller + ".TaskWait()" };
        var semaphoreWait = new[]
        {
            "System.Threading.Monitor.Wait(class System.Object,int32)",
            "System.Threading.SemaphoreSlim.WaitUntilCountOrTimeout(int32,unsigned int32,value class System.Threading.CancellationToken)",
            "System.Threading.SemaphoreSlim.Wait(int32,value class System.Threading.CancellationToken)",
            "Shop.Throttle.Enter()",
        };
        var waits = new[]
        {
            new WaitSpan(1, WaitSource.WaitHandle, 400, Frames([.. taskWait, .. PoolDispatch])),
            new WaitSpan(1, WaitSource.WaitHandle, 100, Frames([.. taskWait, .. PoolDispatch])),
            // The same waits seen again by the TPL's TaskWait events: nested reports of one wait are not added up.
            new WaitSpan(1, WaitSource.TaskWait, 480, Frames([.. taskWait, .. PoolDispatch])),
            // Blocking the sampler never saw: a short semaphore wait on another pool thread.
            new WaitSpan(5, WaitSource.WaitHandle, 30, Frames([.. semaphoreWait, .. PoolDispatch])),
            // Ignored: the pool's own idle wait and a dedicated thread's wait; counted as unattributed: no stack.
            new WaitSpan(2, WaitSource.WaitHandle, 900, Frames(IdleWorker)),
            new WaitSpan(9, WaitSource.WaitHandle, 700, Frames(MonitorWait, "Shop.Jobs.Poller.Run()", "System.Threading.Thread.StartCallback()")),
            new WaitSpan(6, WaitSource.Contention, 25, []),
        };

        var analysis = CulpritAnalyzer.Analyze(Snapshot([Pool(1, 100, taskWait), Idle(2, 100)], waits));

        Assert.Equal(2, analysis.Culprits.Count);
        var sampled = analysis.Culprits[0];
        Assert.Equal(("DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, "Task.Result"), (sampled.Method, sampled.Kind, sampled.Api));
        Assert.Equal(0.5, sampled.Share, 6);
        Assert.Equal(500, sampled.WaitMs, 6);
        Assert.Equal(1, sampled.Threads);

        var missed = analysis.Culprits[1];
        Assert.Equal(("Throttle.Enter", BlockingKind.SyncWait, "SemaphoreSlim.Wait"), (missed.Method, missed.Kind, missed.Api));
        Assert.Equal(0, missed.Share);
        Assert.Equal(30, missed.WaitMs, 6);
        Assert.Equal(1, missed.Threads);
        Assert.Contains("Throttle.Enter", missed.ExampleStack);

        Assert.Equal(25, analysis.UnattributedWaitMs, 6);
    }

    [Fact]
    public void A_contention_event_without_a_recognised_frame_is_still_a_lock()
    {
        var waits = new[]
        {
            new WaitSpan(1, WaitSource.Contention, 40, Frames(["Shop.Cache.Refresh()", .. PoolDispatch])),
        };

        var only = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Idle(1, 10)], waits)).Culprits);

        Assert.Equal(("Cache.Refresh", BlockingKind.Lock, "Monitor.Enter", 40.0), (only.Method, only.Kind, only.Api, only.WaitMs));
    }

    [Fact]
    public void An_empty_capture_gives_an_empty_analysis()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot([]));

        Assert.Empty(analysis.Culprits);
        Assert.Empty(analysis.Groups);
        Assert.Equal(0, analysis.PoolThreads);
    }
}
