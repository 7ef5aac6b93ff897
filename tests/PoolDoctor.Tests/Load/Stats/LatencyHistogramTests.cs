using HdrHistogram;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Tests.Load.Stats;

public sealed class LatencyHistogramTests
{
    private static readonly double[] Percentiles = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 100];

    /// <summary>Nearest-rank percentile of the raw values: the reference the histogram must match to three digits.</summary>
    private static long ExactPercentile(long[] sorted, double percentile)
    {
        var rank = Math.Max(1, (long)Math.Ceiling(percentile / 100.0 * sorted.Length));
        return sorted[rank - 1];
    }

    private static void AssertWithinThreeDigits(long exact, long reported, string what)
    {
        // The bucket's highest value is reported, so it is never below the exact value and at most 1/1024 above it.
        Assert.True(reported >= exact, $"{what}: {reported} < exact {exact}");
        Assert.True(reported - exact <= Math.Max(0, exact / 1024.0), $"{what}: {reported} too far above exact {exact}");
    }

    [Fact]
    public void Values_below_2048_microseconds_are_exact()
    {
        var histogram = new LatencyHistogram();
        for (var v = 1; v <= 2000; v++)
        {
            histogram.Record(v);
        }
        Assert.Equal(1000, histogram.ValueAtPercentile(50));
        Assert.Equal(1980, histogram.ValueAtPercentile(99));
        Assert.Equal(2000, histogram.ValueAtPercentile(100));
        Assert.Equal(1, histogram.ValueAtPercentile(0));
        Assert.Equal(1000.5, histogram.Mean, 9);
    }

    [Fact]
    public void Percentiles_of_a_wide_random_distribution_match_exact_ones_to_three_significant_digits()
    {
        var random = new Random(20261122);
        // Log-uniform from 10 us to 2 hours: every bucket range of the histogram gets values.
        var values = Enumerable.Range(0, 50_000)
            .Select(_ => (long)Math.Exp(Math.Log(10) + (random.NextDouble() * (Math.Log(7_200_000_000) - Math.Log(10)))))
            .ToArray();
        var histogram = new LatencyHistogram();
        foreach (var v in values)
        {
            histogram.Record(v);
        }
        Array.Sort(values);
        // HdrHistogram's own bucket arithmetic at the same precision: the answer is exactly the top of the exact value's bucket.
        var buckets = new IntHistogram(LatencyHistogram.HighestTrackableValue, 3);
        foreach (var p in Percentiles)
        {
            var exact = ExactPercentile(values, p);
            var reported = histogram.ValueAtPercentile(p);
            AssertWithinThreeDigits(exact, reported, $"p{p}");
            Assert.Equal(Math.Min(buckets.HighestEquivalentValue(exact), values[^1]), reported);
        }
        Assert.Equal(values[^1], histogram.Max);
        Assert.Equal(values[0], histogram.Min);
        Assert.Equal(1.0, histogram.Mean / values.Average(), 9);
        var mean = values.Average();
        var stdev = Math.Sqrt(values.Select(v => (v - mean) * (v - mean)).Average());
        Assert.Equal(1.0, histogram.StandardDeviation / stdev, 6);
    }

    [Fact]
    public void A_one_hour_latency_is_kept_to_three_digits()
    {
        var histogram = new LatencyHistogram();
        const long oneHour = 3_600_000_000;
        histogram.Record(oneHour);
        histogram.Record(oneHour + 1_234_567);
        AssertWithinThreeDigits(oneHour, histogram.ValueAtPercentile(50), "p50");
        Assert.Equal(oneHour + 1_234_567, histogram.ValueAtPercentile(100));
    }

    [Fact]
    public void Merged_histograms_answer_like_one_histogram_of_all_values()
    {
        var random = new Random(7);
        var all = new LatencyHistogram();
        var parts = Enumerable.Range(0, 5).Select(_ => new LatencyHistogram()).ToArray();
        for (var i = 0; i < 20_000; i++)
        {
            var v = (long)(random.NextDouble() * random.NextDouble() * 5_000_000);
            all.Record(v);
            parts[i % parts.Length].Record(v);
        }
        var merged = new LatencyHistogram();
        foreach (var part in parts)
        {
            merged.Add(part);
        }
        Assert.Equal(all.Count, merged.Count);
        Assert.Equal(all.Max, merged.Max);
        Assert.Equal(all.Min, merged.Min);
        Assert.Equal(all.Mean, merged.Mean, 6);
        Assert.Equal(all.StandardDeviation, merged.StandardDeviation, 3);
        foreach (var p in Percentiles)
        {
            Assert.Equal(all.ValueAtPercentile(p), merged.ValueAtPercentile(p));
        }
    }

    [Fact]
    public void Known_small_input_gives_known_percentiles()
    {
        // 100 values: 90 fast (1 ms) and 10 slow (500 ms), as a starving server answers.
        var histogram = new LatencyHistogram();
        for (var i = 0; i < 90; i++)
        {
            histogram.Record(1_000);
        }
        for (var i = 0; i < 10; i++)
        {
            histogram.Record(500_000);
        }
        Assert.Equal(1_000, histogram.ValueAtPercentile(50));
        Assert.Equal(1_000, histogram.ValueAtPercentile(90));
        AssertWithinThreeDigits(500_000, histogram.ValueAtPercentile(91), "p91");
        Assert.Equal(500_000, histogram.ValueAtPercentile(99));
        Assert.Equal(50_900, histogram.Mean, 9);
    }

    [Fact]
    public void Nearest_rank_rounds_the_rank_up()
    {
        // Of 3 values, p40 is rank ceil(1.2) = 2, the middle one; rounding the rank to nearest would give the first.
        var histogram = new LatencyHistogram();
        histogram.Record(100);
        histogram.Record(200);
        histogram.Record(300);
        Assert.Equal(100, histogram.ValueAtPercentile(33.3));
        Assert.Equal(200, histogram.ValueAtPercentile(40));
        Assert.Equal(200, histogram.ValueAtPercentile(50));
        Assert.Equal(300, histogram.ValueAtPercentile(66.7));
    }

    [Fact]
    public void A_value_beyond_the_trackable_range_is_clamped_not_thrown()
    {
        var histogram = new LatencyHistogram();
        histogram.Record(long.MaxValue);
        histogram.Record(-5);
        Assert.Equal(LatencyHistogram.HighestTrackableValue, histogram.ValueAtPercentile(100));
        Assert.Equal(0, histogram.ValueAtPercentile(1));
    }

    [Fact]
    public void An_empty_histogram_reports_zeros()
    {
        var histogram = new LatencyHistogram();
        Assert.Equal(0, histogram.ValueAtPercentile(99));
        Assert.Equal(0, histogram.Mean);
        Assert.Equal(0, histogram.StandardDeviation);
    }
}
