using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// A stuck pool is never BlockingCompensated (issue 34 item 3). A SignalR hub method doing `.Result` over 64 connections
/// read BlockingCompensated at 1.0 s with 127 queued, 3 threads and 0 completed/s: the thread goal of the runtime's last
/// blocking injection was taken for a pool that keeps up. `fixtures/counters/stuck` (scripts/record-verb-agreement.sh, the
/// same process seen by `counters`, `detect -p` and `diagnose -p`): the lab's `taskwait` under 64 connections with
/// `DOTNET_PROCESSOR_COUNT=1` (so 3 threads are 3x the cores, the hub's arithmetic), where a few pool threads block in
/// `.Result` while the queue waits (60 queued, 0 done/s for 10 s), and the control, the same route with MinThreads 300,
/// a pool that truly keeps up past its blocked threads.
/// </summary>
public class StuckPoolSeriesTests
{
    public static TheoryData<string> Stuck => new("taskwait-cores1-counters", "taskwait-cores1-detect", "taskwait-cores1-diagnose");

    // The last: CompensatedPoolTests' report from a clean-clone CI run (2 cores, MinThreads 300, 125 connections) that read
    // Starving when the pool grew 5 -> 31 threads in half a second under 97 queued (the half-the-queue test alone).
    public static TheoryData<string> Compensated => new(
        "taskwait-cores1-minthreads300-counters", "taskwait-cores1-minthreads300-detect", "taskwait-cores1-minthreads300-diagnose",
        "taskwait-minthreads300-ci-diagnose");

    private static CounterSeries Load(string name) => CounterFixtures.Load("stuck/" + name);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    // The hub capture's shape on the recorded series: the runtime's thread goal far above the threads alive, as the
    // verdict's "thread goal ... every queued item gets one" line said there.
    private static CounterSeries WithGoal(CounterSeries s, int goal) =>
        s with { Injections = [.. s.Injections.Select(i => WindowFigures.IsBlockingInjection(i) ? i with { NewWorkerThreadCount = goal } : i)] };

    [Theory]
    [MemberData(nameof(Stuck))]
    public void A_pool_whose_queue_stays_while_nothing_completes_is_starving_in_every_verb(string name)
    {
        var series = Load(name);
        Assert.Equal(1, series.Cores);
        // Tens of items queued, each facing a second or more of the pool's completions.
        Assert.Contains(series.Samples, s => s.QueueLength >= 30 && s.QueueLength >= s.CompletedPerSecond && !s.FirstInterval);

        var timeline = Timeline(series);

        Assert.Equal(VerdictKind.Starving, timeline.First(StarvationDetector.IsFinding).Kind);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.BlockingCompensated);
    }

    [Theory]
    [MemberData(nameof(Stuck))]
    public void A_thread_goal_above_the_queue_does_not_make_a_stuck_pool_compensated(string name)
    {
        var series = WithGoal(Load(name), goal: 130);

        var timeline = Timeline(series);

        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.BlockingCompensated);
        Assert.Equal(VerdictKind.Starving, timeline.First(StarvationDetector.IsFinding).Kind);
    }

    [Theory]
    [InlineData("taskwait-cores1-detect")]
    [InlineData("taskwait-cores1-counters")]
    public void Without_the_stuck_queue_test_the_goal_alone_reads_blocking_compensated(string name)
    {
        // The control: the rule as it was takes the goal for a pool that keeps up, on a queue that does not move.
        var off = DetectionThresholds.Default with { WeighStuckQueue = false };

        var timeline = Timeline(WithGoal(Load(name), goal: 130), off);

        var compensated = timeline.First(v => v.Kind == VerdictKind.BlockingCompensated);
        Assert.Contains(compensated.Evidence, e => e.Kind == EvidenceKind.ThreadGoalCoversQueue);
    }

    [Theory]
    [MemberData(nameof(Compensated))]
    public void A_pool_that_truly_keeps_up_reads_blocking_compensated_in_every_verb(string name)
    {
        var series = Load(name);

        var timeline = Timeline(series);

        Assert.Equal(VerdictKind.BlockingCompensated, timeline.First(StarvationDetector.IsFinding).Kind);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_queue_halved_while_the_pool_creates_threads_for_it_is_not_stuck()
    {
        // `detect` attached as the MinThreads-300 pool ramped: 50 queued, then 25 at 8 done/s while it went from 18 to 40
        // threads (goal 301). A first form of the stuck test, a queue not halved, read that sample Starving.
        var series = Load("taskwait-cores1-minthreads300-detect");
        var ramp = series.Samples.Zip(series.Samples.Skip(1)).Single(p => p.First.QueueLength == 50 && p.Second.QueueLength == 25);
        Assert.True(ramp.Second.ThreadCount - ramp.First.ThreadCount >= 20);

        var verdict = Timeline(series).Last(v => v.AtSeconds <= ramp.Second.Seconds);

        Assert.Equal(VerdictKind.BlockingCompensated, verdict.Kind);
    }
}
