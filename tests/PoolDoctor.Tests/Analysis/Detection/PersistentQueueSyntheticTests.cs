using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>Hand-made edges of the persistent-queue rule (docs/detection.md, rule 5).</summary>
public class PersistentQueueSyntheticTests
{
    private static IReadOnlyList<Verdict> Timeline(SyntheticSeries s) => StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores);

    /// <summary>The numbers: the queue swings between 13 and 120 every second, 28 completed/s, CPU 1 %.</summary>
    private static SyntheticSeries Sawtooth(int seconds, double cpu = 1, double completed = 28)
    {
        var s = new SyntheticSeries(2) { Runnable = 0.1 }.Repeat(3, threads: 3, queue: 0, cpu: 1, completed: 0);
        for (var i = 0; i < seconds; i++)
        {
            s.Second(4, i % 2 == 0 ? 120 : 13, cpu, completed);
        }
        return s;
    }

    [Fact]
    public void An_oscillating_queue_with_idle_cpu_and_no_injections_is_starving_by_the_second_loaded_sample()
    {
        var timeline = Timeline(Sawtooth(8));
        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal(VerdictKind.Starving, first.Kind);
        Assert.Equal(VerdictRule.PersistentQueue, first.Rule);
        Assert.Equal(5, first.AtSeconds);
        Assert.Contains("queue never drains: 13-120 over 2 s", EvidenceText.Lines(first)[0], StringComparison.Ordinal);
        Assert.Contains(EvidenceText.Lines(first), e => e.StartsWith("completed 28/s for 67 queued on average: a queued item waits about 2.4 s", StringComparison.Ordinal));
        Assert.Contains(EvidenceText.Lines(first), e => e.StartsWith("CPU 1% of 2 core(s), 0.1 pool thread(s) runnable", StringComparison.Ordinal));
        Assert.Contains(EvidenceText.Lines(first), e => e.StartsWith("no starvation injection", StringComparison.Ordinal));
        Assert.All(timeline.Where(v => v.AtSeconds >= 5), v => Assert.Equal(VerdictKind.Starving, v.Kind));
    }

    [Fact]
    public void A_busy_async_server_whose_queue_never_empties_but_drains_in_milliseconds_is_healthy()
    {
        // 20 000 items/s with 40 queued: each waits 2 ms (Little's law), not a starving pool.
        var s = new SyntheticSeries(2) { Runnable = 0.5 }.Repeat(3, threads: 3, queue: 0, cpu: 1, completed: 0);
        for (var i = 0; i < 8; i++)
        {
            s.Second(4, i % 2 == 0 ? 40 : 12, cpu: 60, completed: 20_000);
        }
        Assert.DoesNotContain(Timeline(s), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void One_empty_sample_in_six_keeps_the_verdict_two_do_not()
    {
        var s = Sawtooth(4).Second(4, 0, 1, 28).Second(4, 110, 1, 28);
        Assert.Equal(VerdictKind.Starving, Timeline(s)[^1].Kind);
        Assert.StartsWith("queue stays up: 0-120", EvidenceText.Lines(Timeline(s)[^1])[0], StringComparison.Ordinal);

        var twice = Sawtooth(4).Second(4, 0, 1, 28).Second(4, 0, 1, 28).Second(4, 110, 1, 28);
        Assert.NotEqual(VerdictKind.Starving, Timeline(twice)[^1].Kind);
    }

    [Fact]
    public void Runnable_workers_with_a_queue_are_cpu_bound_not_starving()
    {
        // Other processes hold the cores: the target's CPU % is low, but its workers are runnable, not blocked.
        var s = new SyntheticSeries(2) { Runnable = 3 }.Repeat(3, threads: 3, queue: 0, cpu: 10, completed: 0);
        for (var i = 0; i < 6; i++)
        {
            s.Second(4, i % 2 == 0 ? 60 : 20, cpu: 12, completed: 20);
        }
        var timeline = Timeline(s);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        Assert.Equal(VerdictKind.CpuSaturated, timeline[^1].Kind);
    }

    [Fact]
    public void A_one_second_burst_is_not_persistent()
    {
        // One loaded sample between idle ones: the queue was up once, then empty.
        var timeline = Timeline(Sawtooth(1).Repeat(4, threads: 4, queue: 0, cpu: 1, completed: 28));
        Assert.DoesNotContain(timeline, StarvationDetector.IsFinding);
        Assert.Equal(VerdictKind.Starving, Timeline(Sawtooth(2))[^1].Kind);
    }
}
