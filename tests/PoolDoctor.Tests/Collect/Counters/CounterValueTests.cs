using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Collect.Counters;

public class CounterValueTests
{
    [Fact]
    public void Mean_counters_read_the_mean()
    {
        var reading = CounterValue.FromPayload(new Dictionary<string, object?>
        {
            ["Name"] = "threadpool-thread-count", ["Mean"] = 7.0, ["IntervalSec"] = 1.0f, ["Series"] = "Interval=1000", ["CounterType"] = "Mean",
        });
        Assert.Equal(new CounterValue("threadpool-thread-count", 7, "Interval=1000", 1), reading);
    }

    [Fact]
    public void Sum_counters_become_a_rate_per_second_over_their_own_interval()
    {
        var reading = CounterValue.FromPayload(new Dictionary<string, object?>
        {
            ["Name"] = "threadpool-completed-items-count", ["Increment"] = 500.0, ["IntervalSec"] = 0.5f, ["Series"] = "Interval=500", ["CounterType"] = "Sum",
        });
        Assert.Equal(1000, reading!.Value, 3);
    }

    [Fact]
    public void A_payload_without_a_name_or_value_is_ignored()
    {
        Assert.Null(CounterValue.FromPayload(new Dictionary<string, object?> { ["Mean"] = 1.0 }));
        Assert.Null(CounterValue.FromPayload(new Dictionary<string, object?> { ["Name"] = "cpu-usage", ["CounterType"] = "Mean" }));
    }
}
