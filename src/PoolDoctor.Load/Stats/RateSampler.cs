using System.Diagnostics;

namespace PoolDoctor.Load.Stats;

/// <summary>
/// Requests per second as bombardier reports them: the completed-request total is read at short, regular
/// intervals and each window's rate (delta requests / delta seconds) becomes one sample; Avg/Stdev/Max are
/// over those samples. A starving server shows up as many empty windows and a few bursts (a high Max),
/// which is why the overall rate (requests / elapsed) is reported beside it.
/// </summary>
public sealed class RateSampler
{
    private readonly long _ticksPerSecond;
    private long _lastTimestamp;
    private long _lastCount;

    public RateSampler(long startTimestamp, long ticksPerSecond = 0)
    {
        _lastTimestamp = startTimestamp;
        _ticksPerSecond = ticksPerSecond > 0 ? ticksPerSecond : Stopwatch.Frequency;
    }

    public RunningStatistics Statistics { get; } = new();

    /// <summary>Adds the window ending now; a window shorter than <paramref name="minimumTicks"/> is merged into the next.</summary>
    public void Sample(long timestamp, long completedTotal, long minimumTicks = 1)
    {
        var ticks = timestamp - _lastTimestamp;
        if (ticks < Math.Max(1, minimumTicks))
        {
            return;
        }
        var rate = (completedTotal - _lastCount) * (double)_ticksPerSecond / ticks;
        Statistics.Add(rate);
        _lastTimestamp = timestamp;
        _lastCount = completedTotal;
    }
}
