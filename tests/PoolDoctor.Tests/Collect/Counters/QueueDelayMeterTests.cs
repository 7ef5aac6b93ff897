using PoolDoctor.Collect.Counters;
using PoolDoctor.Model.Counters;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Collect.Counters;

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
    public void A_pool_stuck_before_the_session_began_counts_its_dequeues_from_the_first_event()
    {
        // Recorded shape (lab taskwait, counters attached 4 s into the load): 96 queued, nothing enqueued any more, one
        // dequeue per injected thread. Before, this gave no delay at all.
        var meter = new QueueDelayMeter();
        meter.Dequeued(1, 1.0); // the session's first event: says nothing
        meter.Dequeued(2, 1.25);
        meter.Dequeued(3, 1.5);
        var first = meter.TakeInterval(2.0, queueLength: 94)!;
        Assert.Equal((250.0, 500.0, 2, 2), (first.P50, first.Max, first.Items, first.QueuedBeforeSession));
        meter.Dequeued(4, 3.0);
        var second = meter.TakeInterval(3.1, queueLength: 93)!;
        Assert.Equal((2000.0, 1, 1), (second.P50, second.Items, second.QueuedBeforeSession));
    }

    [Fact]
    public void Items_queued_before_the_session_count_only_while_the_pool_can_still_hold_them()
    {
        var meter = new QueueDelayMeter();
        meter.Enqueued(10, 1.0);
        meter.Enqueued(11, 1.0);
        // Two queued, both seen: nothing from before the session can still be waiting.
        Assert.Equal(0, meter.TakeInterval(2.0, queueLength: 2)!.QueuedBeforeSession);
        meter.Dequeued(10, 2.1);
        meter.Dequeued(11, 2.1);
        meter.Dequeued(12, 60.0); // a dropped enqueue event or a hash collision, not a 59 s wait
        var delay = meter.TakeInterval(60.5, queueLength: 0)!;
        Assert.Equal((2, 0, 1100.0), (delay.Items, delay.QueuedBeforeSession, delay.Max));

        var stuck = new QueueDelayMeter();
        stuck.Dequeued(1, 1.0);
        Assert.Null(stuck.TakeInterval(2.0, queueLength: 2)); // two unseen items may still be queued
        stuck.Dequeued(2, 2.5);
        stuck.Dequeued(3, 3.0);
        stuck.Dequeued(4, 3.5);
        var capped = stuck.TakeInterval(4.0, queueLength: 0)!;
        Assert.Equal((2, 2, 2000.0), (capped.Items, capped.QueuedBeforeSession, capped.Max));
    }

    [Fact]
    public void Reset_starts_the_count_from_the_next_sessions_first_event()
    {
        var meter = new QueueDelayMeter();
        meter.Dequeued(1, 1.0);
        meter.Reset();
        meter.Dequeued(2, 5.0);
        meter.Dequeued(3, 5.5);
        Assert.Equal(500.0, meter.TakeInterval(6.0, queueLength: 10)!.Max);
    }

    [Fact]
    public void Counter_lines_carry_the_queue_delay_and_read_back()
    {
        var sample = new CounterSample(2, 10, 40, 3, 12, 2, 0, 5, 0.5, new QueueDelay(1200, 2300.5, 2400, 17, 9));
        var line = CounterJson.IntervalLine(new CounterInterval(sample, []), verdict: null);
        Assert.Contains("\"queueDelayMs\":{\"p50\":1200,\"p99\":2300.5,\"max\":2400,\"items\":17,\"queuedBeforeSession\":9}", line, StringComparison.Ordinal);
        var read = CounterSeriesReader.Parse([line]).Samples.Single();
        Assert.Equal(sample.QueueDelayMs, read.QueueDelayMs);
    }
}
