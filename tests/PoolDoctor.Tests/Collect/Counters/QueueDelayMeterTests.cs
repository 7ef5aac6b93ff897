using PoolDoctor.Collect.Counters;
using PoolDoctor.Model.Counters;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Tests.Counters;

public class QueueDelayMeterTests
{
    [Fact]
    public void Dequeued_items_count_with_their_whole_wait()
    {
        var meter = new QueueDelayMeter();
        for (var i = 0; i < 100; i++)
        {
            meter.Enqueued(i, 1.0);
            meter.Dequeued(i, 1.0 + (i + 1) / 1000.0); // waits of 1..100 ms
        }
        var delay = meter.TakeInterval(2.0, queueLength: 0)!;
        Assert.Equal((50.0, 99.0, 100.0, 100), (delay.P50, delay.P99, delay.Max, delay.Items));
        Assert.Null(meter.TakeInterval(3.0, queueLength: 0));
    }

    [Fact]
    public void Items_still_queued_count_with_their_wait_so_far_but_only_as_many_as_the_pool_holds()
    {
        var meter = new QueueDelayMeter();
        meter.Enqueued(1, 0.1); // left the queue without a dequeue event (run inline): must not count
        meter.Enqueued(2, 1.0);
        meter.Enqueued(3, 1.5);
        var delay = meter.TakeInterval(3.0, queueLength: 2)!;
        Assert.Equal((1500.0, 2000.0, 2), (delay.P50, delay.Max, delay.Items));
    }

    [Fact]
    public void A_dequeue_without_its_enqueue_is_ignored_and_reset_forgets_the_queue()
    {
        var meter = new QueueDelayMeter();
        meter.Dequeued(7, 1.0);
        meter.Enqueued(8, 1.0);
        meter.Reset();
        meter.Dequeued(8, 1.2);
        Assert.Null(meter.TakeInterval(2.0, queueLength: 5));
    }

    [Fact]
    public void Counter_lines_carry_the_queue_delay_and_read_back()
    {
        var sample = new CounterSample(2, 10, 40, 3, 12, 2, 0, 5, 0.5, new QueueDelay(1200, 2300.5, 2400, 17));
        var line = CounterJson.IntervalLine(new CounterInterval(sample, []), verdict: null);
        Assert.Contains("\"queueDelayMs\":{\"p50\":1200,\"p99\":2300.5,\"max\":2400,\"items\":17}", line, StringComparison.Ordinal);
        var read = CounterSeriesReader.Parse([line]).Samples.Single();
        Assert.Equal(sample.QueueDelayMs, read.QueueDelayMs);
    }
}
