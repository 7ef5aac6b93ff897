using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceKind;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Tests.Report.Verdicts;

/// <summary>
/// One row per sentence form: an item as a rule makes it, and the sentence the rule used to write for those figures
/// (the templates of VerdictRuleChain, PoolKeepsUp, PersistentQueueRule and CompensationNote as of commit c81044e).
/// The forms the recorded series never reach (a CPU above 90 %, the signature rule's injections, a pool with nothing
/// completed, starvation injections that drained or did not, the MinThreads notes) are only here; the others are also
/// checked byte for byte by <see cref="RecordedSentencesTests"/>.
/// </summary>
public sealed class EvidenceTextTests
{
    private static EvidenceItem Queue(EvidenceKind kind, double queue, params EvidenceFigure[] figures) =>
        new(kind) { Figure = queue, Unit = Items, Threshold = 2, ThresholdPerCore = 1, Cores = 2, Figures = figures };

    private static EvidenceFigure Fig(FigureName name, double value, EvidenceUnit unit) => new(name, value, unit);

    private static EvidenceItem Count(EvidenceKind kind, double count, double? window = null) =>
        new(kind) { Figure = count, Unit = Injections, WindowSeconds = window };

    private static EvidenceItem Cpu(EvidenceKind kind, double percent, params EvidenceFigure[] figures) =>
        new(kind) { Figure = percent, Unit = Percent, Cores = 2, Figures = figures };

    private static EvidenceItem Goal(EvidenceKind kind) =>
        new(kind) { Figure = 307, Unit = EvidenceUnit.Threads, Figures = [Fig(FigureName.AtSeconds, 1.3, Seconds), Fig(FigureName.ThreadsAlive, 110, EvidenceUnit.Threads)] };

    private static EvidenceItem Blocked(EvidenceKind kind, double threads, double? minThreads, string? source, params EvidenceFigure[] figures) =>
        new(kind)
        {
            Figure = threads,
            Unit = EvidenceUnit.Threads,
            Threshold = minThreads,
            MinThreadsSource = source,
            Method = "DiagScenarioController.TaskWait",
            Api = "Task.Result",
            Figures = figures,
        };

    public static TheoryData<string, EvidenceItem> Forms => new()
    {
        { "evidence from the fixture", EvidenceItem.Text("evidence from the fixture") },
        { "no counter sample yet", new(NoSampleYet) { Figure = 0, Unit = EvidenceUnit.Samples } },
        { "no counter sample", new(NoSamples) { Figure = 0, Unit = EvidenceUnit.Samples } },
        { "one counter sample so far; trends need two", new(OneSample) { Figure = 1, Unit = EvidenceUnit.Samples } },
        {
            "thread count 8 = 4x 2 core(s), +1.5 threads/s over 4 s",
            new(ThreadCount) { Figure = 8, Unit = EvidenceUnit.Threads, Cores = 2, WindowSeconds = 4, Figures = [Fig(FigureName.ThreadSlope, 1.5, ThreadsPerSecond)] }
        },
        {
            // Issue 22: a half-second window was printed `over 0 s`.
            "thread count 9 = 4.5x 2 core(s), +8.5 threads/s over 0.5 s",
            new(ThreadCount) { Figure = 9, Unit = EvidenceUnit.Threads, Cores = 2, WindowSeconds = 0.5, Figures = [Fig(FigureName.ThreadSlope, 8.5, ThreadsPerSecond)] }
        },
        {
            // A verdict on the first sample (counters attached to a pool already stuck): no slope to give.
            "thread count 32 = 16x 2 core(s), one sample so far (no trend yet)",
            new(ThreadCount) { Figure = 32, Unit = EvidenceUnit.Threads, Cores = 2, WindowSeconds = 0, Figures = [Fig(FigureName.ThreadSlope, 0, ThreadsPerSecond)] }
        },
        {
            "thread count settled at 167 = 83.5x 2 core(s) (>= 3x), -0.2 threads/s over 4.5 s",
            new(ThreadCountSettled)
            {
                Figure = 167, Unit = EvidenceUnit.Threads, Threshold = 6, ThresholdPerCore = 3, Cores = 2, WindowSeconds = 4.5,
                Figures = [Fig(FigureName.ThreadSlope, -0.2, ThreadsPerSecond)],
            }
        },
        {
            "thread count 155 = 77.5x 2 core(s) (>= 3x), +3.4 threads/s over 3 s, grown on demand with nothing queued under a thread goal of 309",
            new(ThreadsGrowOnDemand)
            {
                Figure = 155, Unit = EvidenceUnit.Threads, Threshold = 6, ThresholdPerCore = 3, Cores = 2, WindowSeconds = 3,
                Figures = [Fig(FigureName.ThreadSlope, 3.4, ThreadsPerSecond), Fig(FigureName.ThreadGoal, 309, EvidenceUnit.Threads)],
            }
        },
        {
            "pool threads ran 448 ms/s on a CPU (at or above 250 = 125 per core), 75 ms/s each (at or above 50), and waited 1348 ms/s in the run queue over 1 s: the queue waits for threads that compute, not for blocked ones",
            new(WorkersCompute)
            {
                Figure = 448, Unit = EvidenceUnit.MillisecondsPerSecond, Threshold = 250, ThresholdPerCore = 125, Cores = 2, WindowSeconds = 1,
                Figures = [Fig(FigureName.OnCpuMsPerThread, 74.7, EvidenceUnit.MillisecondsPerSecond), Fig(FigureName.OnCpuThresholdPerThread, 50, EvidenceUnit.MillisecondsPerSecond), Fig(FigureName.RunQueueMsPerSecond, 1348, EvidenceUnit.MillisecondsPerSecond)],
            }
        },
        { "thread goal 307 (event 55 at 1.3 s) above the 110 threads alive: the pool creates a thread whenever work waits, up to the goal", Goal(ThreadGoal) },
        {
            "thread goal 307 (event 55 at 1.3 s) above the 110 threads alive: the pool creates a thread whenever work waits, up to the goal, so every queued item gets one: the pool keeps up",
            Goal(ThreadGoalCoversQueue)
        },
        { "queue length 118 (threshold 2 = 1x 2 core(s))", Queue(QueueLength, 118) },
        { "queue length 111 (threshold 2 = 1x 2 core(s)) in the last 2 samples", Queue(QueueLengthSustained, 111) },
        { "queue length 120 (threshold 2 = 1x 2 core(s)) for 3 s", Queue(QueueLengthFor, 120) with { WindowSeconds = 3 } },
        {
            "queue length 17 (threshold 2 = 1x 2 core(s)) at 600 completed/s: a queued item waits about 28 ms by Little's law (under 100 ms): the pool keeps up",
            Queue(QueueFlows, 17, Fig(FigureName.Completed, 600, ItemsPerSecond), Fig(FigureName.WaitMs, 1000 * 17 / 600.0, Milliseconds), Fig(FigureName.KeepsUpMs, 100, Milliseconds))
        },
        {
            "queue length 17 (threshold 2 = 1x 2 core(s)) at 30 completed/s: a queued item waits about 567 ms by Little's law",
            Queue(QueueFlows, 17, Fig(FigureName.Completed, 30, ItemsPerSecond), Fig(FigureName.WaitMs, 1000 * 17 / 30.0, Milliseconds))
        },
        {
            "queue length 17 (threshold 2 = 1x 2 core(s)) with nothing completed yet (under 100 ms): the pool keeps up",
            Queue(QueueFlows, 17, Fig(FigureName.Completed, 0, ItemsPerSecond), Fig(FigureName.KeepsUpMs, 100, Milliseconds))
        },
        { "queue length 17 (threshold 2 = 1x 2 core(s)) with nothing completed yet", Queue(QueueFlows, 17, Fig(FigureName.Completed, 0, ItemsPerSecond)) },
        { "queue length 3.5 on average over the last samples: work waits for a CPU", new(QueueWaitsForCpu) { Figure = 3.5, Unit = Items } },
        {
            "queue never drains: 13-120 over 2 s, at or above 2 (= 1x 2 core(s)) in 5 of 5 samples",
            Queue(QueueNeverDrains, 13, Fig(FigureName.QueueMax, 120, Items), Fig(FigureName.SamplesAtOrAbove, 5, EvidenceUnit.Samples), Fig(FigureName.Samples, 5, EvidenceUnit.Samples)) with { WindowSeconds = 2 }
        },
        {
            "queue stays up: 0-120 over 5 s, at or above 2 (= 1x 2 core(s)) in 4 of 5 samples",
            Queue(QueueStaysUp, 0, Fig(FigureName.QueueMax, 120, Items), Fig(FigureName.SamplesAtOrAbove, 4, EvidenceUnit.Samples), Fig(FigureName.Samples, 5, EvidenceUnit.Samples)) with { WindowSeconds = 5 }
        },
        {
            "completed 5/s: a queued item waits about 24 s for a thread",
            new(QueueWait) { Figure = 24, Unit = Seconds, Threshold = 1, Figures = [Fig(FigureName.Completed, 5, ItemsPerSecond)] }
        },
        {
            "completed 28/s for 67 queued on average: a queued item waits about 2.4 s for a thread",
            new(QueueWaitMean) { Figure = 67 / 28.0, Unit = Seconds, Threshold = 0.5, Figures = [Fig(FigureName.Completed, 28, ItemsPerSecond), Fig(FigureName.QueueMean, 67, Items)] }
        },
        {
            "completed 28/s for 67 queued on average: a queued item waits about 2.4 s for a thread (measured: 300 ms, the median of the samples' p50 queue delay)",
            new(QueueWaitMean)
            {
                Figure = 67 / 28.0, Unit = Seconds, Threshold = 0.5,
                Figures = [Fig(FigureName.Completed, 28, ItemsPerSecond), Fig(FigureName.QueueMean, 67, Items), Fig(FigureName.MeasuredDelayMs, 300, Milliseconds)],
            }
        },
        {
            "queue delay p50 1200 ms, p99 2400 ms, max 3100 ms over 57 work item(s): how long work waited in the pool's queue for a thread",
            new(QueueDelay)
            {
                Figure = 1200, Unit = Milliseconds,
                Figures = [Fig(FigureName.P99Ms, 2400, Milliseconds), Fig(FigureName.MaxMs, 3100, Milliseconds), Fig(FigureName.WorkItems, 57, Items)],
            }
        },
        {
            "queue delay p50 1800 ms, p99 4100 ms, max 4100 ms over 9 work item(s), 7 of them queued before the measuring began (their wait counts from then: at least): how long work waited in the pool's queue for a thread",
            new(QueueDelay)
            {
                Figure = 1800, Unit = Milliseconds,
                Figures =
                [
                    Fig(FigureName.P99Ms, 4100, Milliseconds), Fig(FigureName.MaxMs, 4100, Milliseconds), Fig(FigureName.WorkItems, 9, Items),
                    Fig(FigureName.QueuedBeforeSession, 7, Items),
                ],
            }
        },
        { "completed 157/s", new(Completed) { Figure = 157.2, Unit = ItemsPerSecond } },
        { "completed 0/s: queued items are not being served", new(NothingCompleted) { Figure = 0, Unit = ItemsPerSecond } },
        { "CPU 97% of 2 core(s) over the last samples (>= 90%): every core is busy", Cpu(CpuBusy, 97.2) with { Threshold = 90 } },
        { "CPU 46% of 2 core(s) for this process: other processes hold the rest of the cores", Cpu(CpuHeldElsewhere, 46) },
        { "CPU 5% of 2 core(s)", Cpu(EvidenceKind.Cpu, 5.4) },
        { "CPU 6% of 2 core(s): threads wait, they do not compute", Cpu(CpuThreadsWait, 6) },
        {
            "CPU 1% of 2 core(s), 0.1 pool thread(s) runnable on average: threads wait, they do not compute",
            Cpu(CpuThreadsWait, 1, Fig(FigureName.RunnableThreads, 0.1, EvidenceUnit.Threads))
        },
        { "CPU 3% of 2 core(s): the extra threads mostly wait", Cpu(CpuExtraThreadsWait, 3) },
        {
            "46% CPU (>= 25%) with 1.2 pool thread(s) runnable (>= 1 = 0.5x 2 core(s)): the pool computes; blocked threads would burn no CPU",
            new(PoolComputes)
            {
                Figure = 1.2, Unit = EvidenceUnit.Threads, Threshold = 1, ThresholdPerCore = 0.5, Cores = 2,
                Figures = [Fig(FigureName.CpuPercent, 46, Percent), Fig(FigureName.CpuThreshold, 25, Percent)],
            }
        },
        {
            "1.2 pool thread(s) runnable on average (threshold 2 = 1x 2 core(s)): threads compute or wait for a CPU, they are not blocked",
            new(RunnableThreads) { Figure = 1.2, Unit = EvidenceUnit.Threads, Threshold = 2, ThresholdPerCore = 1, Cores = 2 }
        },
        { "0.4 pool thread(s) runnable on average: the others are blocked", new(RunnableOthersBlocked) { Figure = 0.4, Unit = EvidenceUnit.Threads } },
        { "3 starvation injection(s) in the last 5 s (event 55, Reason=Starvation: no work item dequeued for 500 ms)", Count(StarvationInjections, 3, 5) },
        { "4 cooperative-blocking injection(s) in the last 5 s (event 55, Reason=CooperativeBlocking: threads blocked in Task.Wait/.Result)", Count(CooperativeBlockingInjections, 4, 5) },
        { "4 cooperative-blocking injection(s) (event 55, Reason=CooperativeBlocking): threads block in Task.Wait/.Result", Count(CooperativeBlockingSeen, 4, 5) },
        {
            "6 cooperative-blocking injection(s) in the last 5 s (event 55, Reason=CooperativeBlocking): pool threads block in Task.Wait/.Result and the runtime adds threads for them",
            Count(CooperativeBlockingCompensated, 6, 5)
        },
        {
            "12 starvation/cooperative-blocking injection(s) so far, the last at 3.4 s to 40 threads",
            Count(BlockingInjectionsSoFar, 12) with { Figures = [Fig(FigureName.AtSeconds, 3.4, Seconds), Fig(FigureName.ThreadGoal, 40, EvidenceUnit.Threads)] }
        },
        { "2 starvation injection(s) but the queue drained", Count(StarvationInjectionsDrained, 2, 5) },
        { "no starvation injection in the window", Count(NoStarvationInjection, 0, 5) },
        { "no starvation injection: every item finishes within 500 ms of the previous, so the gate thread does not add threads", Count(NoStarvationInjectionGate, 0, 5) },
        { "no starvation injection (items keep completing, so the runtime adds no threads): pool threads are blocked behind a bottleneck", Count(NoInjectionBottleneck, 0, 5) },
        { "3 starvation/cooperative-blocking injection(s) in the window did not drain the queue: pool threads are blocked behind a bottleneck", Count(InjectionsDidNotDrain, 3, 5) },
        { "not starving: requests are served, but every blocked one holds a thread; a smaller MinThreads or a larger burst starves", new(NotStarving) },
        {
            "153 pool threads blocked in DiagScenarioController.TaskWait (Task.Result); the pool keeps up only because MinThreads is 300 (DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C)",
            Blocked(KeptUpByMinThreads, 153, 300, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C")
        },
        {
            "20 pool threads blocked in DiagScenarioController.TaskWait (Task.Result); the pool keeps up only because it has grown to 167 threads (MinThreads 16, DOTNET_ThreadPool_ForceMinWorkerThreads=0x10)",
            Blocked(KeptUpByGrowth, 20, 16, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x10", Fig(FigureName.Threads, 167, EvidenceUnit.Threads))
        },
        {
            "1 pool thread blocked in DiagScenarioController.TaskWait (Task.Result); the pool keeps up only because it has grown to 167 threads (no MinThreads configured in the environment or runtimeconfig.json; a SetMinThreads call in code is not visible)",
            Blocked(KeptUpByGrowthUnconfigured, 1, null, null, Fig(FigureName.Threads, 167, EvidenceUnit.Threads))
        },
        {
            // New with schedstat (no older template): the figures of taskasyncwait beside a busy loop on each core.
            "pool threads waited 3105 ms/s for a CPU held by other processes and ran 38 ms/s (0.05 ms each time) over 1 s, CPU 12% of 2 core(s): the 3.0 runnable threads wait for CPUs, they do not compute",
            new(RunQueueHeldElsewhere)
            {
                Figure = 3104.5, Unit = MillisecondsPerSecond, Threshold = 37.8, Cores = 2, WindowSeconds = 1,
                Figures = [Fig(FigureName.OnCpuMsPerSecond, 37.8, MillisecondsPerSecond), Fig(FigureName.MsPerTimeslice, 0.045, Milliseconds), Fig(FigureName.RunnableThreads, 3, EvidenceUnit.Threads), Fig(FigureName.CpuPercent, 11.7, Percent)],
            }
        },
        {
            "pool threads ran 1012 ms/s on a CPU (2.90 ms each time) and waited 2741 ms/s in the run queue over 1 s: they compute",
            new(PoolThreadsRun)
            {
                Figure = 1011.7, Unit = MillisecondsPerSecond, Cores = 2, WindowSeconds = 1,
                Figures = [Fig(FigureName.MsPerTimeslice, 2.904, Milliseconds), Fig(FigureName.RunQueueMsPerSecond, 2740.7, MillisecondsPerSecond)],
            }
        },
        {
            // The recorded gRPC CheckAsync burst (fixtures/counters/crowded/grpc-checkasync-burst) at its last sample.
            "the queue held up to 126 items over 3.6 s, but its latest sample moved it in 17 ms (4 queued at 241 done/s, measured p50 3 ms): a burst the pool caught up with, not starvation",
            new(QueueCaughtUp)
            {
                Figure = 0.0166, Unit = Seconds, Threshold = 0.1, WindowSeconds = 3.608,
                Figures = [Fig(FigureName.QueueMax, 126, Items), Fig(FigureName.QueuedNow, 4, Items), Fig(FigureName.Completed, 240.69, ItemsPerSecond), Fig(FigureName.MeasuredDelayMs, 2.9, Milliseconds)],
            }
        },
        {
            "the queue held up to 40 items over 2 s, but its latest sample moved it in 0 ms (0 queued at 500 done/s): a burst the pool caught up with, not starvation",
            new(QueueCaughtUp)
            {
                Figure = 0, Unit = Seconds, Threshold = 0.1, WindowSeconds = 2,
                Figures = [Fig(FigureName.QueueMax, 40, Items), Fig(FigureName.QueuedNow, 0, Items), Fig(FigureName.Completed, 500, ItemsPerSecond)],
            }
        },
    };

    [Theory]
    [MemberData(nameof(Forms))]
    public void Renders_the_sentence_the_rule_used_to_write(string expected, EvidenceItem item) =>
        Assert.Equal(expected, EvidenceText.Line(item));

    [Fact]
    public void Every_kind_has_a_row()
    {
        var covered = Forms.Select(row => ((EvidenceItem)row[1]).Kind).ToHashSet();

        Assert.All(Enum.GetValues<EvidenceKind>(), kind => Assert.Contains(kind, covered));
    }

    [Fact]
    public void An_item_without_the_figure_its_sentence_needs_fails_loudly()
    {
        var error = Assert.Throws<InvalidOperationException>(() => EvidenceText.Line(new EvidenceItem(QueueLength)));

        Assert.Equal("evidence item queue-length has no figure", error.Message);
    }
}
