using PoolDoctor.Load.Stats;

namespace PoolDoctor.Tests.Load.Stats;

public sealed class RateStatisticsTests
{
    [Fact]
    public void Running_statistics_of_a_textbook_sample()
    {
        var stats = new RunningStatistics();
        foreach (var x in new double[] { 2, 4, 4, 4, 5, 5, 7, 9 })
        {
            stats.Add(x);
        }
        Assert.Equal(5, stats.Mean, 12);
        Assert.Equal(2, stats.StandardDeviation, 12);
        Assert.Equal(9, stats.Max);
        Assert.Equal(8, stats.Count);
    }

    [Fact]
    public void Each_window_becomes_one_rate_sample()
    {
        // Timestamps in ticks of 1 ms (1000 ticks per second): windows of 10 ms.
        var sampler = new RateSampler(startTimestamp: 0, ticksPerSecond: 1000);
        sampler.Sample(10, 5);    // 5 in 10 ms = 500/s
        sampler.Sample(20, 5);    // none = 0/s
        sampler.Sample(30, 35);   // 30 in 10 ms = 3000/s
        sampler.Sample(50, 45);   // 10 in 20 ms = 500/s
        var stats = sampler.Statistics;
        Assert.Equal(4, stats.Count);
        Assert.Equal(1000, stats.Mean, 9);
        Assert.Equal(3000, stats.Max);
        var expected = Math.Sqrt(((500 - 1000) * (500 - 1000) * 2 + (0 - 1000) * (0 - 1000) + (3000 - 1000) * (3000 - 1000)) / 4.0);
        Assert.Equal(expected, stats.StandardDeviation, 9);
    }

    [Fact]
    public void A_window_shorter_than_the_minimum_is_folded_into_the_next()
    {
        var sampler = new RateSampler(startTimestamp: 0, ticksPerSecond: 1000);
        sampler.Sample(2, 4, minimumTicks: 5);   // too short: skipped, its requests stay for the next window
        sampler.Sample(10, 10, minimumTicks: 5); // 10 in 10 ms
        Assert.Equal(1, sampler.Statistics.Count);
        Assert.Equal(1000, sampler.Statistics.Mean, 9);
    }
}
