using PoolDoctor.Analysis.Triggers;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Tests.Triggers;

public sealed class TriggerWatchTests
{
    private static CounterSample Sample(double seconds, double queue) =>
        new(seconds, ThreadCount: 10, QueueLength: queue, CompletedPerSecond: 50, CpuPercent: 3, Cores: 2, LockContentionsPerSecond: 0, GcHeapMb: 20);

    private static Trigger QueueOver(double threshold, double holdSeconds) =>
        new(TriggerSignal.Queue, TriggerComparison.Greater, threshold, TimeSpan.FromSeconds(holdSeconds), "t");

    [Fact]
    public void Fires_once_the_condition_has_held_for_the_hold_time()
    {
        var watch = new TriggerWatch(QueueOver(200, 3));
        Assert.False(watch.Add(Sample(1, 500)));
        Assert.False(watch.Add(Sample(2, 500)));
        Assert.True(watch.Add(Sample(3, 500)));
        Assert.True(watch.Add(Sample(4, 500)));
    }

    [Fact]
    public void A_sample_below_the_threshold_restarts_the_hold()
    {
        var watch = new TriggerWatch(QueueOver(200, 3));
        Assert.False(watch.Add(Sample(1, 500)));
        Assert.False(watch.Add(Sample(2, 500)));
        Assert.False(watch.Add(Sample(3, 200)));
        Assert.False(watch.Add(Sample(4, 500)));
        Assert.False(watch.Add(Sample(5, 500)));
        Assert.True(watch.Add(Sample(6, 500)));
    }

    [Fact]
    public void Without_a_hold_one_interval_is_enough()
    {
        var watch = new TriggerWatch(QueueOver(200, 0));
        Assert.False(watch.Add(Sample(1, 100)));
        Assert.True(watch.Add(Sample(2, 201)));
    }

    [Fact]
    public void A_queue_delay_trigger_fires_on_the_measured_delay_and_never_while_samples_lack_it()
    {
        var trigger = new Trigger(TriggerSignal.QueueDelayP99, TriggerComparison.Greater, 1000, TimeSpan.Zero, "queue-delay-p99>1s");
        var watch = new TriggerWatch(trigger);
        Assert.True(TriggerSignalReader.IsMeasured(trigger.Signal));
        Assert.False(watch.Add(Sample(1, 10_000)));
        Assert.False(watch.Add(Sample(2, 10_000) with { QueueDelayMs = new QueueDelay(20, 400, 900, 50) }));
        Assert.True(watch.Add(Sample(3, 10_000) with { QueueDelayMs = new QueueDelay(800, 2300, 2400, 5) }));
    }
}
