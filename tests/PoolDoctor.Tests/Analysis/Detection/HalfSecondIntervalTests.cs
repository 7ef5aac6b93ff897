using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>`detect` samples every 0.5 s: the rules must keep their meaning in seconds, not in samples.</summary>
public class HalfSecondIntervalTests
{
    [Fact]
    public void Half_a_second_of_queue_on_a_fresh_process_is_not_starving()
    {
        // Recorded (detect on the lab's allocation-heavy async route, fresh lab, load average 50): 125 queued, 20-33 items
        // done a second, CPU 0-7 %, while other processes held the cores during start-up. Two half-second samples.
        List<CounterSample> samples =
        [
            new(0.658, 3, 125, 20.52, 0, 2, 0, 10, RunnableWorkers: 1.29),
            new(1.087, 3, 126, 33.38, 7.23, 2, 0, 10, RunnableWorkers: 2),
        ];
        Assert.DoesNotContain(StarvationDetector.Timeline(samples, [], 2), v => v.Kind == VerdictKind.Starving);
    }

    private static List<CounterSample> Series(params (double Queue, double Completed, double Cpu, double Threads)[] halfSeconds) =>
        [.. halfSeconds.Select((h, i) => new CounterSample(0.5 * (i + 1), h.Threads, h.Queue, h.Completed, h.Cpu, 2, 0, 10))];

    [Fact]
    public void Sync_io_behind_a_small_pool_is_starving_a_second_after_the_queue_fills()
    {
        // db/sync's shape: the pool stays at its minimum, ~110 queued, a few items done a second, CPU low.
        var samples = Series((0, 20, 5, 2), (0, 20, 5, 2), (105, 8, 12, 3), (110, 6, 10, 3), (112, 8, 10, 3));
        var first = StarvationDetector.FirstFinding(samples, [], 2);
        Assert.NotNull(first);
        Assert.Equal(VerdictKind.Starving, first.Kind);
        // Three half-second samples of queue (the stretch must span 0.75 s): 2.5 s, where a 1 s interval decides at 3 s.
        Assert.Equal(2.5, first.AtSeconds);
    }

    [Fact]
    public void A_busy_second_and_a_half_is_not_cpu_saturation()
    {
        // Start-up of a healthy async route: JIT and first requests keep the cores busy for 1.5 s, then it is quiet.
        // Three hot half-second samples are not three hot seconds.
        var samples = Series((0, 200, 20, 4), (0, 200, 20, 4), (0, 200, 20, 4), (0, 400, 95, 4), (0, 450, 95, 4), (0, 450, 95, 4),
            (0, 440, 30, 4), (0, 450, 30, 4));
        Assert.DoesNotContain(StarvationDetector.Timeline(samples, [], 2), v => v.Kind == VerdictKind.CpuSaturated);
    }

    [Fact]
    public void Queue_not_draining_still_needs_one_and_a_half_seconds_of_queued_work()
    {
        // A queue of seconds of work at every half-second sample: persistent-queue decides first; queue-not-draining alone
        // (persistent-queue switched off by an unreachable share) must wait until the samples span 1.5 s.
        var t = DetectionThresholds.Default with { PersistentQueueShare = 2 };
        var samples = Series((100, 5, 10, 3), (100, 5, 10, 3), (100, 5, 10, 3), (100, 5, 10, 3));
        var timeline = StarvationDetector.Timeline(samples, [], 2, t);
        Assert.DoesNotContain(timeline.Take(3), v => v.Rule == VerdictRule.QueueNotDraining);
        Assert.Equal(VerdictRule.QueueNotDraining, timeline[3].Rule);
    }

    [Fact]
    public void Runnable_workers_read_as_cpu_bound_only_over_a_second_of_samples()
    {
        // CPU-bound work with other processes holding the cores: low own CPU, workers runnable, work queued.
        List<CounterSample> samples = [.. Enumerable.Range(1, 3).Select(i => new CounterSample(0.5 * i, 4, 30, 300, 40, 2, 0, 10, RunnableWorkers: 3))];
        var timeline = StarvationDetector.Timeline(samples, [], 2);
        Assert.NotEqual(VerdictKind.CpuSaturated, timeline[1].Kind);
        Assert.Equal(VerdictKind.CpuSaturated, timeline[2].Kind);
    }
}
