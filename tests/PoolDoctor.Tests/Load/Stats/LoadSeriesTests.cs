using System.Diagnostics;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Tests.Load.Stats;

/// <summary>The per-second series of a load: UTC seconds, counts, percentiles from its buckets, harvest across threads.</summary>
public sealed class LoadSeriesTests
{
    private const long Frequency = 1_000_000;
    private static readonly DateTimeOffset Start = new(2026, 11, 25, 18, 0, 0, 250, TimeSpan.Zero);

    // The series' clock: timestamp 10,000,000 is 18:00:00.250 UTC, one tick a microsecond.
    private static LoadSeries Series() => new(Start, 10_000_000, Frequency);

    private static long At(double secondsAfterStart) => 10_000_000 + (long)(secondsAfterStart * Frequency);

    [Fact]
    public void Seconds_are_whole_UTC_seconds_with_their_counts_and_empty_seconds_kept()
    {
        using var series = Series();
        series.Record(At(0.1), 1000);
        series.Record(At(0.7), 3000);   // 18:00:00.950: still the first second
        series.Record(At(0.8), 5000);   // 18:00:01.050: the second one
        series.RecordError(At(0.9));
        series.Record(At(2.8), 7000);   // 18:00:03.050, after an empty second
        var seconds = series.Complete();

        Assert.Equal(4, seconds.Count);
        Assert.Equal(Start.AddMilliseconds(-250), seconds[0].AtUtc);
        Assert.Equal([2L, 1, 0, 1], seconds.Select(s => s.Requests));
        Assert.Equal([0L, 1, 0, 0], seconds.Select(s => s.Errors));
        Assert.Null(seconds[2].P50Ms);
        Assert.Null(seconds[2].P99Ms);
    }

    [Fact]
    public void Percentiles_are_within_the_buckets_width()
    {
        using var series = Series();
        var random = new Random(3);
        var values = Enumerable.Range(0, 5000).Select(_ => (long)random.Next(100, 200_000)).ToList();
        foreach (var v in values)
        {
            series.Record(At(0.5), v);
        }
        var second = Assert.Single(series.Complete());
        var sorted = values.Order().ToList();
        var p50 = sorted[(int)Math.Ceiling(0.50 * sorted.Count) - 1] / 1000.0;
        var p99 = sorted[(int)Math.Ceiling(0.99 * sorted.Count) - 1] / 1000.0;
        // The answer is the upper bound of the exact value's bucket: never below it, at most one bucket (12.5 %) above.
        Assert.InRange(second.P50Ms!.Value, p50, p50 * 1.125);
        Assert.InRange(second.P99Ms!.Value, p99, p99 * 1.125);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(1000)]
    [InlineData(123_456_789)]
    [InlineData(long.MaxValue)]
    public void Every_latency_lands_in_a_bucket_whose_bound_holds_it(long microseconds)
    {
        var bucket = LoadSeries.BucketOf(microseconds);
        Assert.InRange(bucket, 0, LoadSeries.BucketCount - 1);
        if (bucket < LoadSeries.BucketCount - 1)
        {
            Assert.True(LoadSeries.UpperBoundMicroseconds(bucket) >= microseconds);
            // Bounds are exclusive: the bucket below ends at or under the value.
            Assert.True(bucket == 0 || LoadSeries.UpperBoundMicroseconds(bucket - 1) <= microseconds);
        }
    }

    [Fact]
    public void Collect_harvests_only_settled_seconds_and_complete_the_rest()
    {
        using var series = Series();
        series.Record(At(0.1), 10);
        series.Record(At(1.1), 10);
        series.Collect(At(1.2));        // second 0 is not two seconds old yet
        Assert.Empty(series.Snapshot());
        series.Collect(At(2.0));        // now (18:00:02.250) second 0 has settled
        Assert.Single(series.Snapshot());
        Assert.Equal(2, series.Complete().Count);
    }

    [Fact]
    public void Threads_recording_at_once_add_up_without_losing_a_request()
    {
        using var series = new LoadSeries();
        const int PerThread = 200_000;
        var threads = Enumerable.Range(0, 4).Select(_ => new Thread(() =>
        {
            for (var i = 0; i < PerThread; i++)
            {
                series.Record(Stopwatch.GetTimestamp(), 50 + (i % 1000));
            }
        })).ToList();
        threads.ForEach(t => t.Start());
        // Harvest while they write, as the monitor does.
        while (threads.Any(t => t.IsAlive))
        {
            series.Collect(Stopwatch.GetTimestamp());
            Thread.Sleep(5);
        }
        var seconds = series.Complete();
        Assert.Equal(4L * PerThread, seconds.Sum(s => s.Requests));
    }
}
