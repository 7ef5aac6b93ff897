using HdrHistogram;

namespace PoolDoctor.Load.Stats;

/// <summary>
/// Microsecond latencies in an HdrHistogram with three significant digits (values below 2048 exact, larger ones
/// within 1/1024). Each connection owns one, so recording needs no synchronisation; histograms merge at the end.
/// Mean, standard deviation and minimum come from exact sums, not from the buckets, as bombardier and wrk report them.
/// </summary>
public sealed class LatencyHistogram
{
    private const int SignificantDigits = 3;

    /// <summary>The largest value kept as is (about 2.4 hours); larger values are clamped to it.</summary>
    public const long HighestTrackableValue = (1L << 43) - 1;

    // Int counts: half the memory of long ones, and one connection cannot answer 2^31 requests in one bucket.
    private readonly IntHistogram _histogram = new(HighestTrackableValue, SignificantDigits);

    private double _sumOfSquares;

    public long Count { get; private set; }

    public long Min { get; private set; } = long.MaxValue;

    public long Max { get; private set; }

    /// <summary>Exact sum of the recorded values.</summary>
    public double Sum { get; private set; }

    public double Mean => Count == 0 ? 0 : Sum / Count;

    /// <summary>Population standard deviation of the recorded values.</summary>
    public double StandardDeviation
    {
        get
        {
            if (Count == 0)
            {
                return 0;
            }
            var mean = Mean;
            var variance = (_sumOfSquares / Count) - (mean * mean);
            return variance <= 0 ? 0 : Math.Sqrt(variance);
        }
    }

    public void Record(long value)
    {
        value = Math.Clamp(value, 0, HighestTrackableValue);
        _histogram.RecordValue(value);
        Count++;
        Sum += value;
        _sumOfSquares += (double)value * value;
        if (value > Max)
        {
            Max = value;
        }
        if (value < Min)
        {
            Min = value;
        }
    }

    public void Add(LatencyHistogram other)
    {
        _histogram.Add(other._histogram);
        Count += other.Count;
        Sum += other.Sum;
        _sumOfSquares += other._sumOfSquares;
        Max = Math.Max(Max, other.Max);
        Min = Math.Min(Min, other.Min);
    }

    /// <summary>
    /// The value at or below which <paramref name="percentile"/> percent of the recorded values lie (nearest rank),
    /// reported as the highest value its bucket stands for, capped by the exact maximum.
    /// </summary>
    /// <remarks>
    /// The rank is computed here rather than by GetValueAtPercentile, which rounds the rank to nearest instead of up:
    /// nearest rank is what the exact reference (and bombardier) use.
    /// </remarks>
    public long ValueAtPercentile(double percentile)
    {
        if (Count == 0)
        {
            return 0;
        }
        var rank = (long)Math.Ceiling(Math.Clamp(percentile, 0, 100) / 100.0 * Count);
        rank = Math.Max(rank, 1);
        foreach (var bucket in _histogram.RecordedValues())
        {
            // The last recorded bucket holds the exact maximum, so the answer there is the maximum; asking the
            // library would be wrong in the range's top bucket, where HighestEquivalentValue(2^43 - 1) came back as 2^43 - 2^32.
            if (bucket.TotalCountToThisValue >= rank && bucket.TotalCountToThisValue < Count)
            {
                return Math.Min(_histogram.HighestEquivalentValue(bucket.ValueIteratedTo), Max);
            }
        }
        return Max;
    }
}
