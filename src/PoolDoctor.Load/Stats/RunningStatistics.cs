namespace PoolDoctor.Load.Stats;

/// <summary>Mean, population standard deviation and maximum of a stream of samples (Welford's update).</summary>
public sealed class RunningStatistics
{
    private double _mean;
    private double _m2;

    public long Count { get; private set; }

    public double Mean => _mean;

    public double Max { get; private set; }

    public double StandardDeviation => Count == 0 ? 0 : Math.Sqrt(_m2 / Count);

    public void Add(double sample)
    {
        Count++;
        var delta = sample - _mean;
        _mean += delta / Count;
        _m2 += delta * (sample - _mean);
        if (Count == 1 || sample > Max)
        {
            Max = sample;
        }
    }
}
