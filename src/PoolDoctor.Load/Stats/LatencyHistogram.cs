using System.Numerics;

namespace PoolDoctor.Load.Stats;

/// <summary>
/// A log-linear histogram of microsecond values with about three significant digits (relative error at most
/// 1/1024), HDR style: values below 2048 get a bucket each, and every further power of two is cut into 1024
/// equal buckets. Each connection owns one, so recording needs no synchronisation; histograms merge at the end.
/// Buckets are allocated one power of two at a time, so a connection that only sees milliseconds stays small.
/// Mean and standard deviation come from exact sums, not from the buckets.
/// </summary>
public sealed class LatencyHistogram
{
    private const int SubBucketBits = 10;
    private const int SubBucketHalf = 1 << SubBucketBits; // 1024
    private const int LinearLimit = SubBucketHalf * 2; // 2048: below it every value is exact

    /// <summary>The largest value kept as is (about 2.4 hours); larger values are clamped to it.</summary>
    public const long HighestTrackableValue = (1L << 43) - 1;

    private const int RangeCount = 43 - SubBucketBits; // range k >= 1 holds [2^(k+10), 2^(k+11)); range 0 is linear

    private readonly long[]?[] _ranges = new long[]?[RangeCount + 1];

    public long Count { get; private set; }

    public long Min { get; private set; } = long.MaxValue;

    public long Max { get; private set; }

    /// <summary>Exact sum of the recorded values.</summary>
    public double Sum { get; private set; }

    private double _sumOfSquares;

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
        var (range, index) = Locate(value);
        var counts = _ranges[range] ??= new long[range == 0 ? LinearLimit : SubBucketHalf];
        counts[index]++;
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
        for (var range = 0; range < _ranges.Length; range++)
        {
            if (other._ranges[range] is not { } source)
            {
                continue;
            }
            var target = _ranges[range] ??= new long[source.Length];
            for (var i = 0; i < source.Length; i++)
            {
                target[i] += source[i];
            }
        }
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
    public long ValueAtPercentile(double percentile)
    {
        if (Count == 0)
        {
            return 0;
        }
        var rank = (long)Math.Ceiling(Math.Clamp(percentile, 0, 100) / 100.0 * Count);
        rank = Math.Max(rank, 1);
        long seen = 0;
        for (var range = 0; range < _ranges.Length; range++)
        {
            if (_ranges[range] is not { } counts)
            {
                continue;
            }
            for (var i = 0; i < counts.Length; i++)
            {
                seen += counts[i];
                if (seen >= rank)
                {
                    return Math.Min(HighestInBucket(range, i), Max);
                }
            }
        }
        return Max;
    }

    private static (int Range, int Index) Locate(long value)
    {
        if (value < LinearLimit)
        {
            return (0, (int)value);
        }
        // shift brings the value into [1024, 2047]; range k holds values whose top bit is bit k+10.
        var shift = BitOperations.Log2((ulong)value) - SubBucketBits;
        return (shift, (int)(value >> shift) - SubBucketHalf);
    }

    private static long HighestInBucket(int range, int index)
    {
        if (range == 0)
        {
            return index;
        }
        var lowest = (long)(index + SubBucketHalf) << range;
        return lowest + (1L << range) - 1;
    }
}
