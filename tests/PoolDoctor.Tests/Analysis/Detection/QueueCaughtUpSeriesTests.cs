using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/crowded/grpc-checkasync-burst`: a CI run's corpus report (2026-11-28 22:12, `diagnose --load --grpc`
/// on the lab's healthy gRPC `CheckAsync`, 125 connections, the rest of the suite on the same 2 cores) that read Starving
/// by the persistent queue at 3.3 s. The load's first second queued 126 items behind 3 threads that waited 1.6-5 s/s in
/// the run queue (JIT and the neighbours held the CPUs); by the verdict the pool had grown to 9 threads and moved 4
/// queued items at 241 done/s, p50 3 ms. Replayed with every other report of that machine's corpus runs (1,116), only
/// this one changed verdict with the wait-now test.
/// </summary>
public class QueueCaughtUpSeriesTests
{
    private static CounterSeries Burst => CounterFixtures.Load("crowded/grpc-checkasync-burst");

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    [Fact]
    public void A_burst_the_pool_caught_up_with_is_no_starving_and_the_verdict_says_why()
    {
        var timeline = Timeline(Burst);

        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        var caughtUp = timeline.SelectMany(v => v.Evidence).First(e => e.Kind == EvidenceKind.QueueCaughtUp);
        Assert.True(caughtUp.Figure < 0.1, $"wait now {caughtUp.Figure} s");
        Assert.Equal(126, caughtUp.Get(FigureName.QueueMax));
        var line = timeline.SelectMany(EvidenceText.Lines).First(l => l.Contains("caught up", StringComparison.Ordinal));
        Assert.StartsWith("the queue held up to 126 items over ", line, StringComparison.Ordinal);
        Assert.Contains("4 queued at 241 done/s, measured p50 3 ms", line, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_the_wait_now_test_the_same_run_reads_starving_by_the_persistent_queue()
    {
        // The control: the recorded run reaches the rule; only the latest sample's wait tells the burst from a blocked pool.
        var blind = DetectionThresholds.Default with { PersistentQueueNowSeconds = 0 };

        var first = Timeline(Burst, blind).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.Starving, VerdictRule.PersistentQueue), (first.Kind, first.Rule));
        Assert.DoesNotContain(first.Evidence, e => e.Kind == EvidenceKind.QueueCaughtUp);
    }

    [Theory]
    [InlineData("lazy-convoy/catalog-1")]
    [InlineData("lazy-convoy/catalog-2")]
    public void Lulls_between_waits_on_a_lock_are_not_a_burst_worked_off(string name)
    {
        // The same latest-sample picture (9 queued at 210 done/s, p50 1 ms) between 300 ms waits, with no thread runnable.
        var series = CounterFixtures.Load(name);
        Assert.Contains(series.Samples, s => s.QueueLength < 10 && s.QueueDelayMs is { P50: < 5 });

        var timeline = Timeline(series);

        Assert.DoesNotContain(timeline, v => v.Evidence.Any(e => e.Kind == EvidenceKind.QueueCaughtUp));
        Assert.Equal(VerdictKind.Starving, timeline[^1].Kind);
    }

    [Theory]
    [InlineData("bottleneck/mres-1")]
    [InlineData("bottleneck/semaphore-1")]
    [InlineData("crowded/queue-sync-mvc")]
    [InlineData("crowded/db-sync-mvc")]
    public void Blocked_pools_whose_queue_also_swings_still_read_starving(string name)
    {
        var timeline = Timeline(CounterFixtures.Load(name));

        Assert.Contains(timeline, v => v.Kind == VerdictKind.Starving);
    }
}
