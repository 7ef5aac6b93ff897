using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

public class SyntheticDetectionTests
{
    private static IReadOnlyList<Verdict> Timeline(SyntheticSeries s) => StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores);

    [Fact]
    public void A_busy_pool_that_flows_while_hill_climbing_adds_threads_is_not_starving()
    {
        // Recorded shape of the lab's allocation-heavy async route on a fresh process under 125 connections: ~120 queued,
        // ~1,900 items done per second (a queued item waits ~60 ms), threads 3 -> 6 by hill climbing, CPU 30-60 %.
        var s = new SyntheticSeries(2)
            .Second(3, 123, 1, 1896, AdjustmentReason.Warmup, AdjustmentReason.Warmup)
            .Second(6, 119, 64, 1982, AdjustmentReason.ClimbingMove, AdjustmentReason.ClimbingMove, AdjustmentReason.ClimbingMove)
            .Second(6, 96, 63, 1817, AdjustmentReason.ClimbingMove)
            .Repeat(4, threads: 6, queue: 90, cpu: 60, completed: 1900);
        Assert.DoesNotContain(Timeline(s), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_pool_that_grows_while_its_queue_waits_seconds_is_starving_by_signature()
    {
        // The same queue with 40 items done per second: each waits ~3 s, and only thread injection frees the queue.
        var s = new SyntheticSeries(2)
            .Second(3, 110, 1, 40)
            .Second(6, 116, 1, 40, AdjustmentReason.Starvation)
            .Second(8, 118, 1, 40, AdjustmentReason.Starvation);
        Assert.Contains(Timeline(s), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_short_burst_that_recovers_is_never_called_starving()
    {
        var s = new SyntheticSeries(4).Repeat(5, threads: 4, queue: 0, cpu: 20)
            .Second(6, 40, 35, 900, AdjustmentReason.ClimbingMove)
            .Repeat(6, threads: 6, queue: 0, cpu: 20);
        var timeline = Timeline(s);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        Assert.Equal(VerdictKind.Healthy, timeline[^1].Kind);
    }

    [Fact]
    public void A_starvation_injection_whose_queue_drained_by_the_next_sample_is_not_starving()
    {
        // The gate thread saw a 500 ms stall, added a thread, and by the sample the queue was below one per core.
        var s = new SyntheticSeries(2).Repeat(4, threads: 2, queue: 0, cpu: 10)
            .Second(3, 1, 20, 300, AdjustmentReason.Starvation)
            .Repeat(6, threads: 3, queue: 0, cpu: 15);
        Assert.DoesNotContain(Timeline(s), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_slow_ramp_into_blocking_is_found_once_the_queue_stays_up_and_the_gate_thread_injects()
    {
        var s = new SyntheticSeries(4).Repeat(3, threads: 4, queue: 0, cpu: 10);
        for (var i = 0; i < 10; i++)
        {
            // Load creeps up: the queue grows a few items a second; from second 5 on the gate thread injects.
            s.Second(4 + Math.Max(0, i - 4), queue: i * 3, cpu: 12, completed: 400 - i * 20,
                injections: i >= 5 ? [AdjustmentReason.Starvation] : []);
        }
        var timeline = Timeline(s);
        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal(VerdictKind.Starving, first.Kind);
        Assert.True(first.AtSeconds >= 9, $"found at {first.AtSeconds}, before the gate thread injected");
        Assert.Contains(EvidenceText.Lines(first), e => e.Contains("starvation injection", StringComparison.Ordinal));
    }

    [Fact]
    public void A_slow_cpu_ramp_is_healthy_until_the_cores_are_full_then_cpu_saturated()
    {
        var s = new SyntheticSeries(2);
        for (var cpu = 10; cpu <= 99; cpu += 8)
        {
            s.Second(3, cpu > 90 ? 6 : 0, cpu, 500);
        }
        s.Repeat(3, threads: 4, queue: 8, cpu: 99, completed: 500);
        var timeline = Timeline(s);
        Assert.All(timeline.Where(v => v.AtSeconds <= 8), v => Assert.NotEqual(VerdictKind.CpuSaturated, v.Kind));
        Assert.Equal(VerdictKind.CpuSaturated, timeline[^1].Kind);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void One_core_starving_with_few_threads_is_found()
    {
        var s = new SyntheticSeries(1).Repeat(2, threads: 1, queue: 0, cpu: 5);
        for (var i = 0; i < 5; i++)
        {
            s.Second(2 + i, queue: 20 + i * 5, cpu: 8, completed: 4, AdjustmentReason.Starvation);
        }
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("1 core(s)", StringComparison.Ordinal));
    }

    [Fact]
    public void One_core_with_two_threads_and_no_queue_is_healthy()
    {
        var s = new SyntheticSeries(1).Repeat(8, threads: 2, queue: 0, cpu: 40, completed: 2000);
        Assert.Equal(VerdictKind.Healthy, RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores).Kind);
    }

    [Fact]
    public void Sixty_four_cores_with_eighty_threads_and_a_small_queue_is_healthy()
    {
        // 80 threads and a queue of 30 would be alarming on 2 cores; on 64 cores it is an ordinary busy pool.
        var s = new SyntheticSeries(64).Repeat(8, threads: 80, queue: 30, cpu: 45, completed: 90_000);
        var timeline = Timeline(s);
        Assert.All(timeline, v => Assert.True(v.Kind is VerdictKind.Healthy or VerdictKind.Inconclusive, v.Kind.ToString()));
    }

    [Fact]
    public void Sixty_four_cores_starving_is_found_with_thresholds_scaled_to_the_cores()
    {
        var s = new SyntheticSeries(64).Repeat(2, threads: 64, queue: 0, cpu: 10);
        for (var i = 0; i < 6; i++)
        {
            s.Second(130 + 2 * i, queue: 900 + 100 * i, cpu: 6, completed: 50, AdjustmentReason.Starvation, AdjustmentReason.Starvation);
        }
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("64 core(s)", StringComparison.Ordinal));
    }

    [Fact]
    public void The_same_settled_thread_count_is_compensation_on_two_cores_and_normal_on_sixty_four()
    {
        static SyntheticSeries Build(int cores) =>
            new SyntheticSeries(cores).Second(10, 50, 20, 100, AdjustmentReason.CooperativeBlocking, AdjustmentReason.CooperativeBlocking)
                .Repeat(7, threads: 40, queue: 0, cpu: 25, completed: 300);
        var two = Build(2);
        var many = Build(64);
        Assert.Equal(VerdictKind.BlockingCompensated, RecordedVerdict.AtEnd(two.Samples, two.Injections, 2).Kind);
        Assert.Equal(VerdictKind.Healthy, RecordedVerdict.AtEnd(many.Samples, many.Injections, 64).Kind);
    }

    [Fact]
    public void High_cpu_wins_over_a_growing_queue()
    {
        var s = new SyntheticSeries(2);
        for (var i = 0; i < 6; i++)
        {
            s.Second(4 + i, queue: 10 + 10 * i, cpu: 97, completed: 40);
        }
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.CpuSaturated, verdict.Kind);
        Assert.Equal(VerdictRule.CpuSaturated, verdict.Rule);
    }

    [Fact]
    public void One_sample_is_inconclusive()
    {
        var s = new SyntheticSeries(2).Second(2, 0, 1);
        Assert.Equal(VerdictKind.Inconclusive, RecordedVerdict.AtEnd(s.Samples, s.Injections, 2).Kind);
        Assert.Equal(VerdictKind.Inconclusive, RecordedVerdict.AtEnd([], [], 2).Kind);
    }

    [Fact]
    public void The_first_sample_is_enough_when_the_runtime_injected_for_blocking_and_work_is_queued()
    {
        var s = new SyntheticSeries(2).Second(6, 120, 12, 200, AdjustmentReason.CooperativeBlocking, AdjustmentReason.CooperativeBlocking, AdjustmentReason.CooperativeBlocking);
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, 2);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Equal(VerdictRule.StarvationInjections, verdict.Rule);
    }

    [Fact]
    public void Incremental_feeding_gives_the_same_verdicts_as_the_recorded_timeline()
    {
        var s = new SyntheticSeries(2).Repeat(3, 2, 0, 5);
        for (var i = 0; i < 4; i++)
        {
            s.Second(3 + i, 30, 10, 5, AdjustmentReason.Starvation);
        }
        var detector = new StarvationDetector(2);
        var live = new List<Verdict>();
        foreach (var sample in s.Samples)
        {
            live.Add(detector.Add(new CounterInterval(sample, s.Injections.Where(e => e.Seconds > sample.Seconds - 1 && e.Seconds <= sample.Seconds).ToList())));
        }
        Assert.Equal(Timeline(s).Select(v => (v.Kind, v.Rule)), live.Select(v => (v.Kind, v.Rule)));
        Assert.Equal(VerdictKind.Starving, live[^1].Kind);
    }

    [Fact]
    public void Runnable_threads_with_work_queued_are_cpu_saturated_even_when_other_processes_hold_the_cores()
    {
        var s = new SyntheticSeries(2) { Runnable = 3.5 }.Repeat(6, threads: 4, queue: 10, cpu: 15, completed: 20);
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.CpuSaturated, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("runnable", StringComparison.Ordinal));
    }

    [Fact]
    public void Spinning_idle_workers_with_nothing_queued_are_healthy()
    {
        var s = new SyntheticSeries(2) { Runnable = 3.5 }.Repeat(6, threads: 5, queue: 0, cpu: 7, completed: 500);
        Assert.Equal(VerdictKind.Healthy, RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores).Kind);
    }

    [Fact]
    public void Blocked_workers_under_a_queue_that_does_not_drain_are_starving_without_any_injection()
    {
        // Sync I/O: each item ends within 500 ms of the previous, so the gate thread never injects.
        var s = new SyntheticSeries(2) { Runnable = 0 }.Repeat(2, threads: 3, queue: 0, cpu: 3, completed: 0)
            .Repeat(4, threads: 3, queue: 120, cpu: 3, completed: 5);
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Equal(VerdictRule.QueueNotDraining, verdict.Rule);
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("waits about 24 s", StringComparison.Ordinal));
    }

    [Fact]
    public void Polling_threads_in_a_crowded_run_queue_are_not_cpu_saturated_while_the_gate_thread_reports_starvation()
    {
        // Recorded shape (tasksleepwait on a loaded machine): 17 threads poll with Sleep(10), 3 of them runnable on
        // average, CPU 3 %, the gate thread still injecting for starvation once a second.
        var s = new SyntheticSeries(2) { Runnable = 3.1 };
        for (var i = 0; i < 5; i++)
        {
            s.Second(13 + i, queue: 110 - i * 4, cpu: 3, completed: 40, AdjustmentReason.Starvation);
        }
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, s.Cores);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
    }
}
