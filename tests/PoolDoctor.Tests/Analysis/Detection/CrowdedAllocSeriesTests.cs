using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/negatives/alloc-crowded-*`: the counters of two corpus runs (`diagnose --load`, 125 connections,
/// 8 s) on the lab's allocation-heavy async `alloc` route, on the 2-core machine with a busy loop beside it. The queue
/// sits at 120 (every connection's request), CPU at 36-72 % and 1.0-2.0 pool threads runnable: fewer than the cores,
/// because the threads also wait for the GC and the load generator holds the rest. Little's law gives 0.06-0.15 s,
/// under the signature rule's quarter second, so these runs read Healthy; CI, on a slower run of the same route, read
/// Starving (starvation-signature: queue up, threads climbing from 3 to 6, CPU under 80 %).
/// </summary>
public class CrowdedAllocSeriesTests
{
    public static TheoryData<string> Runs => new("alloc-crowded-1", "alloc-crowded-2");

    private static CounterSeries Load(string name) =>
        CounterFixtures.Load("negatives/" + name);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    /// <summary>The same run on a host that completes a quarter as many requests: each item now waits 0.25-0.6 s.</summary>
    private static CounterSeries Slower(CounterSeries s) =>
        new([.. s.Samples.Select(x => x with { CompletedPerSecond = x.CompletedPerSecond / 4 })], s.Injections);

    [Theory]
    [MemberData(nameof(Runs))]
    public void A_computing_pool_on_a_crowded_host_reads_cpu_saturated_not_starving(string name)
    {
        var timeline = Timeline(Load(name));

        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal((VerdictKind.CpuSaturated, VerdictRule.CpuSaturated), (first.Kind, first.Rule));
        Assert.True(first.AtSeconds <= 1.6, $"first finding at {first.AtSeconds} s");
        Assert.Contains(EvidenceText.Lines(first), e => e.Contains("the pool computes", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public void On_a_slower_host_the_same_run_is_still_not_starving(string name)
    {
        Assert.DoesNotContain(Timeline(Slower(Load(name))), v => v.Kind == VerdictKind.Starving);
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public void Without_the_computing_test_the_slower_run_reads_starving(string name)
    {
        // The control: the CPU share is what tells this run from blocked threads. Demand more CPU than the run used and
        // the signature rule calls it starving, as CI did.
        var blind = DetectionThresholds.Default with { ComputingCpuPercent = 101 };

        Assert.Contains(Timeline(Slower(Load(name)), blind), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_healthy_async_pool_with_a_few_items_queued_for_milliseconds_is_not_computing()
    {
        // `negatives/taskasyncwait-busy`: a CI run of `diagnose -p` on the lab's taskasyncwait (await Task.Delay(500),
        // 125 connections) that read CpuSaturated after 2.1 s: 1-6 items queued, 605 done/s, 28 % CPU, 1.4 threads
        // runnable, queue delay p50 1 ms. The pool flows; the queue holds no wait worth the name.
        var series = Load("taskasyncwait-busy");

        Assert.DoesNotContain(Timeline(series), StarvationDetector.IsFinding);
        var noWait = DetectionThresholds.Default with { ComputingWaitSeconds = 0, ComputingQueueNowPerCore = 0 };
        Assert.Contains(Timeline(series, noWait), v => v.Kind == VerdictKind.CpuSaturated);
    }

    [Fact]
    public void A_queue_that_has_drained_again_is_no_cpu_bound_work()
    {
        // `negatives/taskasyncwait-crowded-start`: a CI run of `diagnose -p` on the lab's taskasyncwait, attached 1 s after
        // a 125-connection load began, with three other test classes on the 2 cores. The first half second held the
        // load's start (51 queued, 36 ms queue delay p50, the process at 18 % CPU); the next had 0 queued and 509 done/s.
        // It read CpuSaturated at 1.1 s on those two samples: a wait that is over is no finding.
        var series = Load("taskasyncwait-crowded-start");

        Assert.Equal(0, series.Samples[^1].QueueLength);
        Assert.DoesNotContain(Timeline(series), StarvationDetector.IsFinding);
        // The control: without the queue-now test the same two samples read CpuSaturated, as CI did.
        var blind = DetectionThresholds.Default with { ComputingQueueNowPerCore = 0 };
        Assert.Equal(VerdictKind.CpuSaturated, Timeline(series, blind)[^1].Kind);
    }

    [Fact]
    public void A_queue_whose_typical_item_waits_milliseconds_is_no_cpu_bound_work()
    {
        // `negatives/taskasyncwait-crowded-jit`: a clean-clone CI run of `DiagnoseTests` (`diagnose -p` on the lab's healthy
        // taskasyncwait, 125 connections, three other test classes on the 2 cores) that read CpuSaturated at 1.1 s, in the
        // lab's first loaded second: 2.0 threads runnable on 2 cores, 19 queued at 481 done/s (Little's law: 40 ms), the
        // workers 303 ms/s on a CPU and 2,495 ms/s in the run queue, the process at 19 % CPU. The measured delay's p50 was
        // 26 ms, then 1.6 ms: the typical item did not wait for a CPU.
        var series = Load("taskasyncwait-crowded-jit");

        Assert.DoesNotContain(Timeline(series), StarvationDetector.IsFinding);
        // The control: without the measured delay the same samples read CpuSaturated, as CI did.
        var blind = DetectionThresholds.Default with { WeighMeasuredDelay = false };
        var verdict = Timeline(series, blind)[^1];
        Assert.Equal((VerdictKind.CpuSaturated, 1.084), (verdict.Kind, verdict.AtSeconds));
    }

    [Fact]
    public void More_runnable_threads_than_cores_with_work_that_flows_are_not_cpu_saturated()
    {
        // `negatives/diagscenarios-taskasyncwait-crowded`: Microsoft's DiagnosticScenarios sample (Release) on its healthy
        // taskasyncwait route, `diagnose --load`, 125 connections, a busy loop beside it. At 5.6 s: 2.6 pool threads
        // runnable on 2 cores, 3 queued, 645 done/s, queue delay p50 1 ms. The run queue is the busy loop's doing; no
        // request waits for the pool.
        var series = Load("diagscenarios-taskasyncwait-crowded");

        Assert.DoesNotContain(Timeline(series), StarvationDetector.IsFinding);
        var noWait = DetectionThresholds.Default with { ComputingWaitSeconds = 0 };
        Assert.Contains(Timeline(series, noWait), v => v.Kind == VerdictKind.CpuSaturated
            && EvidenceText.Lines(v).Any(e => e.Contains("threshold 2 = 1x 2 core(s)", StringComparison.Ordinal)));
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public void Runnable_threads_that_burn_no_cpu_are_not_called_computing(string name)
    {
        // Blocked threads on a crowded host can look runnable (they spin, then wait in the run queue) but use no CPU.
        var series = Load(name);
        var idle = new CounterSeries([.. series.Samples.Select(s => s with { CpuPercent = Math.Min(s.CpuPercent, 5) })], series.Injections);

        Assert.DoesNotContain(Timeline(idle), v => EvidenceText.Lines(v).Any(e => e.Contains("the pool computes", StringComparison.Ordinal)));
    }
}
