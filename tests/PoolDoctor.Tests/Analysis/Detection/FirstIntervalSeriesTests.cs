using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/first-interval/mvc-db-taskrun`: the samples of `detect -p` in bench/time-to-verdict.sh on the lab's
/// controllers `db/taskrun` (Task.Run around sync database I/O), attached just after the load started. The session's
/// first sample, 0.1 s in, said 4,155 completed/s with 124 queued; every sample after it 0-14/s with 114-124 queued.
/// Averaged in, that first rate made the queue look like a flowing one (Little's law: 0.1 s of work) and the run took
/// 3.5 s to a verdict, against 1.6-2.0 s for the same route in other runs.
/// </summary>
public class FirstIntervalSeriesTests
{
    private static CounterSeries Load() =>
        CounterFixtures.Load("first-interval/mvc-db-taskrun");

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s) => StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores);

    [Fact]
    public void The_first_samples_rate_does_not_hide_a_queue_that_is_not_served()
    {
        var series = Load();
        Assert.True(series.Samples[0].FirstInterval);

        var first = Timeline(series).First(StarvationDetector.IsFinding);

        Assert.Equal((VerdictKind.Starving, VerdictRule.PersistentQueue), (first.Kind, first.Rule));
        Assert.True(first.AtSeconds <= 1.6, $"first finding at {first.AtSeconds} s");
    }

    [Fact]
    public void Read_as_a_full_interval_the_same_first_sample_delays_the_verdict()
    {
        // The control: the mark is what changed the verdict's time.
        var series = Load();
        var unmarked = new CounterSeries([.. series.Samples.Select(s => s with { FirstInterval = false })], series.Injections);

        var first = Timeline(unmarked).First(StarvationDetector.IsFinding);

        Assert.True(first.AtSeconds >= 3, $"first finding at {first.AtSeconds} s ({first.Rule.Name()})");
    }

    [Fact]
    public void A_burst_queued_as_the_load_begins_is_no_wait_for_a_cpu()
    {
        // `negatives/taskasyncwait-burst`: `detect -p` in bench/time-to-verdict.sh on the controllers' healthy
        // taskasyncwait, attached as its 125 connections began: the first sample (0.1 s) held 124 queued, every later one
        // 0 at 260-606 done/s. Averaged with those, the burst made 25 queued look like work waiting 40 ms, and with 1.1
        // threads runnable at 27 % CPU the run read CpuSaturated ("the pool computes") at 2.1 s.
        var series = Burst();
        Assert.True(series.Samples[0].FirstInterval);

        Assert.DoesNotContain(Timeline(series), StarvationDetector.IsFinding);
    }

    [Fact]
    public void The_same_series_with_its_queue_kept_reads_cpu_saturated()
    {
        // The control: had the 124 stayed queued, the same runnable threads and CPU would be a pool that computes. The
        // recorded queue delays (p50 0.4-1.3 ms) belong to the queue that drained, so the kept queue has none measured.
        var series = Burst();
        var kept = new CounterSeries([.. series.Samples.Select(s => s with { QueueLength = 124, QueueDelayMs = null })], series.Injections);

        Assert.Contains(Timeline(kept), v => v.Kind == VerdictKind.CpuSaturated);
    }

    private static CounterSeries Burst() =>
        CounterFixtures.Load("negatives/taskasyncwait-burst");
}
