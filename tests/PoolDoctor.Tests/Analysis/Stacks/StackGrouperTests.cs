using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Tests.Analysis.Culprits;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;


namespace PoolDoctor.Tests.Analysis.Stacks;

public class StackGrouperTests
{
    [Fact]
    public void Pool_threads_are_recognised_by_the_workers_bottom_frames()
    {
        var catalog = new FrameCatalog(UserCode.Default);

        var busy = catalog.Read(Frames(["System.Threading.Thread.Sleep(int32)", "PoolDoctor.Lab.DiagScenarioController.Sleep()", .. PoolDispatch]));
        var idle = catalog.Read(Frames(IdleWorker));
        var gate = catalog.Read(Frames(
            "System.Threading.WaitHandle.WaitOneNoCheck(int32,bool,class System.Object,value class WaitHandleWaitSourceMap)",
            "System.Threading.PortableThreadPool+GateThread.GateThreadStart()",
            "System.Threading.Thread.StartCallback()"));

        Assert.True(busy.IsPoolThread);
        Assert.False(busy.IsIdle);
        Assert.True(idle.IsPoolThread);
        Assert.True(idle.IsIdle);
        Assert.False(gate.IsPoolThread); // the pool's gate thread is a dedicated thread, not a worker
    }

    [Fact]
    public void Identical_stacks_merge_into_one_group_with_thread_count_and_share()
    {
        var grouped = StackGrouper.Group(RecordedStacks.Load("taskwait"), includeAllThreads: false);

        var top = grouped[0];
        Assert.True(top.IsThreadPool);
        Assert.True(top.Threads >= 10, $"top group holds {top.Threads} threads");
        Assert.Equal(top.Threads, top.ThreadIds.Count);
        Assert.Contains("DiagScenarioController.TaskWait", top.Names);
        Assert.All(grouped, g => Assert.True(g.IsThreadPool));
        Assert.Equal(1.0, grouped.Sum(g => g.Share), 6);
        Assert.Equal(grouped.OrderByDescending(g => g.Samples).Select(g => g.Samples), grouped.Select(g => g.Samples));
        Assert.Equal(grouped.Count, grouped.Select(g => string.Join('|', g.Frames)).Distinct().Count());

        // User frames are flagged frame by frame.
        Assert.True(top.Frames.Single(f => f.Name == "DiagScenarioController.TaskWait").IsUser);
        Assert.False(top.Frames[0].IsUser);
    }

    [Fact]
    public void All_threads_adds_the_non_pool_threads()
    {
        var snapshot = RecordedStacks.Load("taskwait");

        var poolOnly = StackGrouper.Group(snapshot, includeAllThreads: false);
        var all = StackGrouper.Group(snapshot, includeAllThreads: true);

        Assert.Contains(all, g => !g.IsThreadPool);
        Assert.Contains(all, g => g.Names.Contains("Heartbeat.TimerLoop"));
        Assert.True(all.Sum(g => g.Threads) > poolOnly.Sum(g => g.Threads));
        Assert.Equal(1.0, all.Sum(g => g.Share), 6);
    }

    [Fact]
    public void Grouping_counts_samples_not_stack_entries()
    {
        var snapshot = Snapshot(
        [
            Pool(1, 90, "System.Threading.Thread.Sleep(int32)", "PoolDoctor.Lab.DiagScenarioController.Sleep()"),
            Pool(2, 10, "System.Threading.Thread.Sleep(int32)", "PoolDoctor.Lab.DiagScenarioController.Sleep()"),
            Idle(3, 100),
        ]);

        var grouped = StackGrouper.Group(snapshot, includeAllThreads: false);

        Assert.Equal(2, grouped.Count);
        Assert.Equal(0.5, grouped.Single(g => g.Frames[0].Name == "Thread.Sleep").Share, 6);
        Assert.Equal(2, grouped.Single(g => g.Frames[0].Name == "Thread.Sleep").Threads);
        Assert.Equal([1, 2], grouped.Single(g => g.Frames[0].Name == "Thread.Sleep").ThreadIds);
    }
}
