using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/compensated`: the lab's `taskwait` (`.Result` on a 500 ms task) under 125 connections, with the
/// pool's MinThreads raised to 300 as a user does it (`DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C`), and the same
/// route with the default pool as the control (a genuinely starving ramp). Recorded three ways: `diagnose -p --load`
/// (0.5 s samples, stacks captured beside them), `detect -p` with the load started at once (0.5 s), `counters` (1 s).
/// With MinThreads 300 the pool grows to 125-160 threads within a second and serves every request in ~500 ms, while the
/// runtime still injects for each newly blocked thread (Reason=CooperativeBlocking, goal 301-336). Both diagnose runs
/// read Starving by rule 2 before the pool-keeps-up test.
/// </summary>
public class CompensatedSeriesTests
{
    public static readonly TheoryData<string> MinThreads300 =
    [
        "diagnose-minthreads300-1", "diagnose-minthreads300-2", "diagnose-minthreads300-3", "diagnose-minthreads300-4",
        "diagnose-minthreads300-5", "diagnose-minthreads300-6",
        "detect-minthreads300-1", "detect-minthreads300-2", "detect-minthreads300-3", "detect-minthreads300-4", "detect-minthreads300-5",
        "minthreads300-1-taskwait", "minthreads300-2-taskwait", "minthreads300-3-taskwait",
    ];

    public static readonly TheoryData<string> Controls = ["diagnose-control-1", "detect-control-1", "control-1-taskwait", "control-2-taskwait"];

    private static CounterSeries Load(string name) =>
        CounterFixtures.Load("compensated/" + name);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    [Theory]
    [MemberData(nameof(MinThreads300))]
    public void A_pool_that_keeps_up_past_its_blocked_threads_is_never_starving(string name)
    {
        var series = Load(name);
        Assert.Contains(series.Injections, i => i.Reason == AdjustmentReason.CooperativeBlocking);

        Assert.DoesNotContain(Timeline(series), v => v.Kind == VerdictKind.Starving);
    }

    [Theory]
    [InlineData("diagnose-minthreads300-1")]
    [InlineData("diagnose-minthreads300-2")]
    public void During_the_ramp_the_injections_with_a_flowing_queue_read_blocking_compensated(string name)
    {
        var first = Timeline(Load(name)).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.BlockingCompensated, VerdictRule.BlockingCompensated), (first.Kind, first.Rule));
        Assert.Contains(EvidenceText.Lines(first), e => e.Contains("the pool keeps up", StringComparison.Ordinal));
        Assert.Contains(EvidenceText.Lines(first), e => e.StartsWith("thread goal 3", StringComparison.Ordinal));
    }

    [Fact]
    public void Before_anything_completes_the_thread_goal_shows_the_pool_has_room()
    {
        // diagnose-minthreads300-3 (the integration test's second run, which read Starving): 0.5 s into the load the pool
        // had 110 threads and 17 queued, 30 done/s (no request can finish before its 500 ms task), under a goal of 307.
        var first = Timeline(Load("diagnose-minthreads300-3")).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.BlockingCompensated, VerdictRule.BlockingCompensated), (first.Kind, first.Rule));
        Assert.Contains(EvidenceText.Lines(first), e => e.Contains("every queued item gets one", StringComparison.Ordinal));
    }

    [Fact]
    public void Threads_the_pool_has_just_created_are_starting_not_computing()
    {
        // diagnose-minthreads300-4 (another run of the integration test): 92 queued at 0.6 s, then 6 -> 130 threads in
        // 0.64 s with 17 runnable on average at 8 % CPU. The runnable form of rule 1 read that as CPU-bound work
        // (CpuSaturated at 1.3 s, the run's verdict); a thread is runnable while it starts.
        var timeline = Timeline(Load("diagnose-minthreads300-4"));

        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.CpuSaturated);
    }

    [Theory]
    [InlineData("diagnose-minthreads300-5")]
    [InlineData("diagnose-minthreads300-6")]
    public void A_pool_that_creeps_up_under_its_goal_with_nothing_queued_is_compensated_once_the_window_fills(string name)
    {
        // Two runs of the integration test on a quiet machine (2026-11-27): 127 threads at 0.5 s, then 142 -> 155 by
        // 5.5 s with the queue at 0 and the goal at 301-309. The settled test (under 0.5 threads/s) held only at 6.1 s
        // and 12.0 s; a CI run crept for all of its 15 s and ended Healthy.
        var series = Load(name);
        var loadVisible = series.Samples.First(s => s.CompletedPerSecond > 50).Seconds;

        var first = Timeline(series).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.BlockingCompensated, VerdictRule.BlockingCompensated), (first.Kind, first.Rule));
        Assert.InRange(first.AtSeconds!.Value - loadVisible, 0, 3);
        var grows = Assert.Single(first.Evidence, e => e.Kind == EvidenceKind.ThreadsGrowOnDemand);
        Assert.StartsWith("thread count 1", EvidenceText.Line(grows), StringComparison.Ordinal);
        Assert.Contains("grown on demand with nothing queued under a thread goal of 3", EvidenceText.Line(grows), StringComparison.Ordinal);
    }

    [Fact]
    public void A_pool_with_work_queued_that_creeps_up_under_its_goal_is_not_settled()
    {
        // The same series with 40 items queued in every sample from the second on: growth with work waiting is a ramp.
        var series = Load("diagnose-minthreads300-6");
        var queued = series.Samples.Select((s, i) => i == 0 ? s : s with { QueueLength = 40 }).ToList();

        Assert.DoesNotContain(StarvationDetector.Timeline(queued, series.Injections, series.Cores, null),
            v => v.Evidence.Any(e => e.Kind is EvidenceKind.ThreadCountSettled or EvidenceKind.ThreadsGrowOnDemand));
    }

    [Fact]
    public void A_pool_that_shrinks_fast_under_its_goal_is_not_growing_on_demand()
    {
        // The same series with its thread counts mirrored about their peak (5 -> 155 becomes 305 -> 155): a pool that
        // sheds threads is not one that adds them as they block, whatever its goal.
        var series = Load("diagnose-minthreads300-6");
        var top = series.Samples.Max(s => s.ThreadCount);
        var shrinking = series.Samples.Select(s => s with { ThreadCount = 2 * top - s.ThreadCount }).ToList();

        Assert.DoesNotContain(StarvationDetector.Timeline(shrinking, series.Injections, series.Cores, null),
            v => v.Evidence.Any(e => e.Kind == EvidenceKind.ThreadsGrowOnDemand));
    }

    [Theory]
    [InlineData("diagnose-minthreads300-1")]
    [InlineData("diagnose-minthreads300-2")]
    [InlineData("diagnose-minthreads300-3")]
    public void Without_the_keeps_up_test_the_same_series_read_starving(string name)
    {
        // The control: the queue's wait is what changed the verdict (rule 2 fired on the injection count alone).
        var off = DetectionThresholds.Default with { WeighKeepsUp = false };

        var first = Timeline(Load(name), off).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.Starving, VerdictRule.StarvationInjections), (first.Kind, first.Rule));
    }

    [Theory]
    [MemberData(nameof(Controls))]
    public void A_starving_ramp_of_the_same_route_stays_starving(string name)
    {
        var timeline = Timeline(Load(name));

        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal((VerdictKind.Starving, VerdictRule.StarvationInjections), (first.Kind, first.Rule));
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.BlockingCompensated);
    }
}
