using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Detection;

/// <summary>`detect` samples every 0.5 s: the rules must keep their meaning in seconds, not in samples.</summary>
public class HalfSecondIntervalTests
{
    private static List<CounterSample> Series(params (double Queue, double Completed, double Cpu, double Threads)[] halfSeconds) =>
        [.. halfSeconds.Select((h, i) => new CounterSample(0.5 * (i + 1), h.Threads, h.Queue, h.Completed, h.Cpu, 2, 0, 10))];

    [Fact]
    public void Sync_io_behind_a_small_pool_is_starving_one_second_after_the_queue_fills()
    {
        // db/sync's shape: the pool stays at its minimum, ~110 queued, a few items done a second, CPU low.
        var samples = Series((0, 20, 5, 2), (0, 20, 5, 2), (105, 8, 12, 3), (110, 6, 10, 3), (112, 8, 10, 3));
        var first = StarvationDetector.FirstFinding(samples, [], 2);
        Assert.NotNull(first);
        Assert.Equal(VerdictKind.Starving, first.Kind);
        Assert.Equal(2.0, first.AtSeconds);
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
        Assert.DoesNotContain(timeline.Take(3), v => v.Rule == Rules.QueueNotDraining);
        Assert.Equal(Rules.QueueNotDraining, timeline[3].Rule);
    }
}
