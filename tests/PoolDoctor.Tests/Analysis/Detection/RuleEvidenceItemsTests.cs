using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;
using static PoolDoctor.Model.Verdicts.EvidenceKind;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// Each rule's evidence items on recorded series (fixtures/counters): which facts, in which order, and figures that are
/// the series' own — the verdict's sample, the injections in its window, the thresholds times the cores — read here from
/// the series independently of the rules.
/// </summary>
public sealed class RuleEvidenceItemsTests
{
    private static CounterSeries Load(string path) =>
        CounterFixtures.Load(path);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s) => StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores);

    private static CounterSample At(CounterSeries s, Verdict v) => s.Samples.Single(x => x.Seconds == v.AtSeconds);

    private static EvidenceKind[] Kinds(Verdict v) => [.. v.Evidence.Select(e => e.Kind)];

    private static EvidenceItem Item(Verdict v, EvidenceKind kind) => v.Evidence.Single(e => e.Kind == kind);

    // The window the thread slope covers: from the first sample within the detector's 5 s to the verdict's sample.
    private static double Span(CounterSeries s, Verdict v) =>
        v.AtSeconds!.Value - s.Samples.First(x => x.Seconds >= v.AtSeconds!.Value - DetectionThresholds.Default.WindowSeconds).Seconds;

    private static void QueueAgainstTheCores(EvidenceItem queue, CounterSample sample)
    {
        Assert.Equal(sample.QueueLength, queue.Figure);
        Assert.Equal(EvidenceUnit.Items, queue.Unit);
        Assert.Equal(Math.Max(1, sample.Cores), queue.Threshold);
        Assert.Equal(1, queue.ThresholdPerCore);
        Assert.Equal(sample.Cores, queue.Cores);
    }

    private static void ThreadsOverTheWindow(EvidenceItem threads, CounterSeries s, Verdict v)
    {
        var sample = At(s, v);
        var first = s.Samples.First(x => x.Seconds >= v.AtSeconds!.Value - DetectionThresholds.Default.WindowSeconds);
        Assert.Equal(sample.ThreadCount, threads.Figure);
        Assert.Equal(Span(s, v), threads.WindowSeconds);
        Assert.Equal((sample.ThreadCount - first.ThreadCount) / Span(s, v), threads.Get(FigureName.ThreadSlope));
    }

    [Fact]
    public void Starvation_injections_state_the_queue_the_injections_the_threads_the_cpu_and_the_completions()
    {
        var s = Load("load-verb/taskwait");
        var v = StarvationDetector.FirstFinding(s.Samples, s.Injections, s.Cores)!;
        var sample = At(s, v);

        Assert.Equal(VerdictRule.StarvationInjections, v.Rule);
        Assert.Equal([QueueLength, CooperativeBlockingInjections, ThreadCount, CpuThreadsWait, Completed], Kinds(v));
        QueueAgainstTheCores(v.Evidence[0], sample);
        var window = Span(s, v) + 1;
        var counted = s.Injections.Count(i => i.Reason == AdjustmentReason.CooperativeBlocking
            && i.Seconds > v.AtSeconds!.Value - DetectionThresholds.Default.WindowSeconds && i.Seconds <= v.AtSeconds.Value);
        Assert.Equal((counted, window), (Item(v, CooperativeBlockingInjections).Figure, Item(v, CooperativeBlockingInjections).WindowSeconds));
        ThreadsOverTheWindow(Item(v, ThreadCount), s, v);
        Assert.Equal(sample.CompletedPerSecond, Item(v, Completed).Figure);
        Assert.Equal(EvidenceUnit.Percent, Item(v, CpuThreadsWait).Unit);
    }

    [Fact]
    public void A_pool_that_keeps_up_states_its_flow_and_the_thread_goal_above_the_threads()
    {
        var s = Load("compensated/diagnose-minthreads300-1");
        var v = Timeline(s).First(StarvationDetector.IsFinding);
        var sample = At(s, v);
        var goal = s.Injections.Last(i => i.Seconds <= v.AtSeconds!.Value
            && i.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking);

        var kinds = Kinds(v).Where(k => k != EvidenceKind.QueueDelay).ToList();
        var covers = kinds.Contains(ThreadGoalCoversQueue);
        Assert.Equal([CooperativeBlockingCompensated, ThreadCount, QueueFlows, covers ? ThreadGoalCoversQueue : ThreadGoal, Cpu, NotStarving], kinds);
        var flows = Item(v, QueueFlows);
        QueueAgainstTheCores(flows, sample);
        Assert.Equal(sample.CompletedPerSecond, flows.Get(FigureName.Completed));
        Assert.Equal(1000 * sample.QueueLength / sample.CompletedPerSecond, flows.Get(FigureName.WaitMs));
        // The thread goal's headroom or the queue's short wait decided: the keeps-up threshold is stated only for the latter.
        Assert.Equal(covers ? null : 100.0, flows.Get(FigureName.KeepsUpMs));
        var stated = v.Evidence.Single(e => e.Kind is ThreadGoal or ThreadGoalCoversQueue);
        Assert.Equal(goal.NewWorkerThreadCount, stated.Figure);
        Assert.Equal(sample.ThreadCount, stated.Get(FigureName.ThreadsAlive));
    }

    [Fact]
    public void Before_anything_completes_the_goal_covers_the_queue_and_no_wait_is_claimed()
    {
        var s = Load("compensated/diagnose-minthreads300-3");
        var v = Timeline(s).First(StarvationDetector.IsFinding);

        var flows = Item(v, QueueFlows);
        Assert.Contains(ThreadGoalCoversQueue, Kinds(v));
        Assert.Null(flows.Get(FigureName.KeepsUpMs));
        Assert.Equal(At(s, v).CompletedPerSecond > 0, flows.Get(FigureName.WaitMs) is not null);
    }

    [Fact]
    public void A_settled_compensated_pool_states_the_threads_against_three_per_core_and_the_last_injection()
    {
        var s = Load("compensated/detect-minthreads300-1");
        var v = Timeline(s).First(x => x.Evidence.Any(e => e.Kind == ThreadCountSettled));
        var sample = At(s, v);
        var blocking = s.Injections.Where(i => i.Seconds <= v.AtSeconds!.Value && i.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking).ToList();

        Assert.Equal(VerdictRule.BlockingCompensated, v.Rule);
        Assert.Equal([ThreadCountSettled, QueueLength, CpuExtraThreadsWait, BlockingInjectionsSoFar], Kinds(v).Where(k => k != EvidenceKind.QueueDelay));
        var settled = Item(v, ThreadCountSettled);
        Assert.Equal((sample.ThreadCount, 3.0 * sample.Cores, 3.0), (settled.Figure!.Value, settled.Threshold!.Value, settled.ThresholdPerCore!.Value));
        var soFar = Item(v, BlockingInjectionsSoFar);
        Assert.Equal(blocking.Count, soFar.Figure);
        Assert.Equal(blocking[^1].Seconds, soFar.Get(FigureName.AtSeconds));
        Assert.Equal(blocking[^1].NewWorkerThreadCount, soFar.Get(FigureName.ThreadGoal));
    }

    [Fact]
    public void Queue_not_draining_states_how_long_the_queue_stayed_and_the_wait_by_Littles_law()
    {
        var s = Load("bottleneck/monitor-1");
        var v = Timeline(s).First(x => x.Rule == VerdictRule.QueueNotDraining);
        var sample = At(s, v);

        Assert.Equal([QueueLengthFor, QueueWait, ThreadCount, CpuThreadsWait], Kinds(v).Take(4));
        QueueAgainstTheCores(v.Evidence[0], sample);
        Assert.InRange(v.Evidence[0].WindowSeconds!.Value, 2.5, 3.5);
        Assert.Equal(sample.QueueLength / sample.CompletedPerSecond, Item(v, QueueWait).Figure);
        Assert.Equal(sample.CompletedPerSecond, Item(v, QueueWait).Get(FigureName.Completed));
    }

    [Fact]
    public void A_persistent_queue_states_its_range_against_the_floor_and_the_samples_that_met_it()
    {
        var s = Load("bottleneck/semaphore-1");
        var v = Timeline(s).Last(x => x.Rule == VerdictRule.PersistentQueue);

        var range = v.Evidence[0];
        Assert.Contains(range.Kind, new[] { QueueNeverDrains, QueueStaysUp });
        Assert.Equal(Math.Max(1, s.Cores), range.Threshold);
        var stretch = s.Samples.Where(x => x.Seconds <= v.AtSeconds && x.Seconds >= v.AtSeconds!.Value - range.WindowSeconds!.Value + 1 - 1e-9).ToList();
        Assert.Equal(stretch.Count, range.Get(FigureName.Samples));
        Assert.Equal(stretch.Min(x => x.QueueLength), range.Figure);
        Assert.Equal(stretch.Max(x => x.QueueLength), range.Get(FigureName.QueueMax));
        Assert.Equal(stretch.Count(x => x.QueueLength >= range.Threshold), range.Get(FigureName.SamplesAtOrAbove));
        Assert.Equal(range.Kind == QueueNeverDrains, range.Get(FigureName.SamplesAtOrAbove) == range.Get(FigureName.Samples));
        Assert.Contains(v.Evidence[1].Kind, new[] { QueueWaitMean, NothingCompleted });
    }

    [Fact]
    public void Cpu_bound_work_on_a_crowded_host_states_the_runnable_threads_and_the_cpu_beside_them()
    {
        var s = Load("negatives/alloc-crowded-1");
        var v = Timeline(s).First(StarvationDetector.IsFinding);

        Assert.Equal(VerdictRule.CpuSaturated, v.Rule);
        Assert.Equal([CpuHeldElsewhere, RunnableThreads, PoolComputes, QueueWaitsForCpu, ThreadCount, QueueLength, Completed], Kinds(v).Where(k => k != EvidenceKind.QueueDelay));
        var computes = Item(v, PoolComputes);
        Assert.Equal((0.5 * s.Cores, 0.5), (computes.Threshold!.Value, computes.ThresholdPerCore!.Value));
        Assert.True(computes.Figure >= computes.Threshold);
        Assert.Equal(Item(v, CpuHeldElsewhere).Figure, computes.Get(FigureName.CpuPercent));
        Assert.Equal(25, computes.Get(FigureName.CpuThreshold));
        Assert.Equal(Item(v, RunnableThreads).Figure, computes.Figure);
    }

    [Fact]
    public void A_healthy_pool_and_a_first_sample_state_what_they_saw()
    {
        var s = Load("load-verb/idle");
        var timeline = Timeline(s);

        Assert.Equal([OneSample], Kinds(timeline[0]));
        var last = timeline[^1];
        Assert.Equal(VerdictRule.Healthy, last.Rule);
        Assert.Equal([ThreadCount, QueueLength, Cpu, Completed, NoStarvationInjection], Kinds(last).Where(k => k != EvidenceKind.QueueDelay));
        QueueAgainstTheCores(Item(last, QueueLength), At(s, last));
        ThreadsOverTheWindow(Item(last, ThreadCount), s, last);
    }

    [Fact]
    public void The_measured_queue_delay_is_the_latest_samples()
    {
        var s = Load("lazy-convoy/catalog-1");
        var v = Timeline(s).First(x => x.Evidence.Any(e => e.Kind == EvidenceKind.QueueDelay));
        var delay = At(s, v).QueueDelayMs!;

        var item = v.Evidence[^1];
        Assert.Equal(EvidenceKind.QueueDelay, item.Kind);
        Assert.Equal((delay.P50, delay.P99, delay.Max, (double)delay.Items),
            (item.Figure!.Value, item.Get(FigureName.P99Ms)!.Value, item.Get(FigureName.MaxMs)!.Value, item.Get(FigureName.WorkItems)!.Value));
    }
}
