using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Collect.Counters;

public sealed class QueueDelayDemandTests
{
    [Fact]
    public void While_queued_waits_for_work_in_the_queue_then_holds_after_it_drains()
    {
        var demand = new QueueDelayDemand(QueueDelayMode.WhileQueued);
        Assert.False(demand.Wants(1, 0));
        Assert.False(demand.Wants(2, 0.4)); // the counter's mean over an interval: less than one item is an empty queue
        Assert.True(demand.Wants(3, 7));
        Assert.True(demand.Wants(4, 0));
        Assert.True(demand.Wants(3 + QueueDelayDemand.HoldSeconds, 0));
        Assert.False(demand.Wants(3.5 + QueueDelayDemand.HoldSeconds, 0));
    }

    [Fact]
    public void A_queue_that_flickers_keeps_one_session_instead_of_one_per_second()
    {
        var demand = new QueueDelayDemand(QueueDelayMode.WhileQueued);
        var wanted = Enumerable.Range(1, 60).Select(s => demand.Wants(s, s % 4 == 0 ? 2 : 0)).ToList();
        Assert.False(wanted[0]);
        Assert.All(wanted.Skip(3), Assert.True);
    }

    [Theory]
    [InlineData(QueueDelayMode.Always, true)]
    [InlineData(QueueDelayMode.Off, false)]
    public void Always_and_off_ignore_the_queue(QueueDelayMode mode, bool expected)
    {
        var demand = new QueueDelayDemand(mode);
        Assert.Equal(expected, demand.Wants(1, 0));
        Assert.Equal(expected, demand.Wants(2, 50));
    }
}
