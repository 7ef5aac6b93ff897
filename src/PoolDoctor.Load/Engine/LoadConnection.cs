using System.Diagnostics;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// One connection's loop: send, wait for the whole response, record, repeat, until sending is closed (deadline)
/// or its share of the request count is used up. Subclasses do the HTTP; this class holds the bounds and pacing.
/// </summary>
internal abstract class LoadConnection
{
    private readonly long _quota;
    private readonly SendSchedule? _schedule;
    private readonly ThinkTime? _thinkTime;

    protected LoadConnection(RunControl control, long quota, SendSchedule? schedule, ThinkTime? thinkTime, LoadSeries series)
    {
        Control = control;
        _quota = quota;
        _schedule = schedule;
        _thinkTime = thinkTime;
        Stats = new ConnectionStats { Series = series };
    }

    public ConnectionStats Stats { get; }

    /// <summary>When this loop ended (Stopwatch timestamp), so a count-bound run knows its true length.</summary>
    public long FinishedAt { get; private set; }

    protected RunControl Control { get; }

    public async Task RunAsync()
    {
        try
        {
            for (long sent = 0; sent < _quota && !Control.SendingClosed; sent++)
            {
                if (_thinkTime is not null && !await ThinkAsync())
                {
                    break;
                }
                var due = _schedule is not null ? await WaitForTurnAsync() : 0;
                if (due < 0 || !await SendOneAsync(due))
                {
                    break;
                }
            }
        }
        finally
        {
            FinishedAt = Stopwatch.GetTimestamp();
            Close();
        }
    }

    /// <summary>
    /// Sends one request and records its outcome; never throws. <paramref name="due"/> is the rate mode's due time
    /// (0 unpaced): latency counts from it. False stops this connection's loop (the run is stopping).
    /// </summary>
    protected abstract Task<bool> SendOneAsync(long due);

    /// <summary>Rate mode: waits for the next due time and returns it, counting a late start; -1 when sending closed meanwhile.</summary>
    private async ValueTask<long> WaitForTurnAsync()
    {
        var due = _schedule!.Next();
        if (!await SendSchedule.WaitUntilAsync(due, Control))
        {
            return -1;
        }
        if (Stopwatch.GetTimestamp() - due > SendSchedule.LateThresholdTicks)
        {
            Stats.LateSends++;
        }
        return due;
    }

    /// <summary>The think time's pause before a request; false when sending closed meanwhile.</summary>
    private ValueTask<bool> ThinkAsync() =>
        SendSchedule.WaitUntilAsync(Stopwatch.GetTimestamp() + _thinkTime!.NextPauseTicks(Random.Shared), Control);

    protected virtual void Close()
    {
    }
}
