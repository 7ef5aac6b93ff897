using System.Diagnostics;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// One connection's share of an open-model rate (wrk2 style): send i is due at first + i * interval, whatever the
/// server did with send i-1. Connections are offset by 1/rate each, so together they send evenly.
/// </summary>
internal sealed class SendSchedule
{
    /// <summary>A send that starts this much after its due time counts as late (timer granularity is about 1 ms).</summary>
    public static readonly long LateThresholdTicks = Stopwatch.Frequency * 2 / 1000;

    private long _first;
    private readonly double _intervalTicks;
    private long _index;

    public SendSchedule(long runStart, double totalRate, int connections, int connectionIndex)
    {
        var ticksPerRequest = Stopwatch.Frequency / totalRate;
        _intervalTicks = ticksPerRequest * connections;
        _first = runStart + (long)(ticksPerRequest * connectionIndex);
    }

    /// <summary>The due time of the next send.</summary>
    public long Next()
    {
        if (_index == 0)
        {
            // The schedule starts when the loop first runs (as wrk2's starts with its thread): the tool's own
            // start-up (JIT, scheduling the loops) is not the server's fault and is not counted as lateness.
            _first = Math.Max(_first, Stopwatch.GetTimestamp());
        }
        return _first + (long)(_intervalTicks * _index++);
    }

    /// <summary>Waits until <paramref name="due"/>; false when sending was closed meanwhile.</summary>
    public static async ValueTask<bool> WaitUntilAsync(long due, RunControl control)
    {
        while (!control.SendingClosed)
        {
            var remaining = due - Stopwatch.GetTimestamp();
            if (remaining <= 0)
            {
                return true;
            }
            try
            {
                await Task.Delay(TimeSpan.FromSeconds(remaining / (double)Stopwatch.Frequency), control.SendingClosedToken);
            }
            catch (OperationCanceledException)
            {
                return false;
            }
        }
        return false;
    }
}
