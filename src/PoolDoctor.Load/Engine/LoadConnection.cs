using System.Diagnostics;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// One connection's loop: send, wait for the whole response, record, repeat, until the run stops or its
/// share of the request count is used up. Subclasses do the HTTP; this class does the pacing and bounds.
/// </summary>
internal abstract class LoadConnection
{
    private readonly long _quota;
    private readonly SendSchedule? _schedule;

    protected LoadConnection(RunControl control, long quota, SendSchedule? schedule)
    {
        Control = control;
        _quota = quota;
        _schedule = schedule;
    }

    public ConnectionStats Stats { get; } = new();

    /// <summary>When this loop ended (Stopwatch timestamp), so a count-bound run knows its true length.</summary>
    public long FinishedAt { get; private set; }

    protected RunControl Control { get; }

    public async Task RunAsync()
    {
        try
        {
            for (long sent = 0; sent < _quota && !Control.SendingClosed; sent++)
            {
                long due = 0;
                if (_schedule is not null)
                {
                    due = _schedule.Next();
                    if (!await SendSchedule.WaitUntilAsync(due, Control))
                    {
                        break;
                    }
                    if (Stopwatch.GetTimestamp() - due > SendSchedule.LateThresholdTicks)
                    {
                        Stats.LateSends++;
                    }
                }
                await SendOneAsync(due);
            }
        }
        finally
        {
            FinishedAt = Stopwatch.GetTimestamp();
            Close();
        }
    }

    /// <summary>
    /// Sends one request and records its outcome; never throws. <paramref name="due"/> is the intended send time
    /// in rate mode (latency counts from it), 0 in the closed loop (latency counts from the actual send).
    /// </summary>
    protected abstract ValueTask SendOneAsync(long due);

    /// <summary>Called by the monitor thread every few milliseconds: abort the request in flight if it is overdue.</summary>
    public virtual void CheckTimeout(long now)
    {
    }

    /// <summary>Called once when the run stops, from another thread: unblock any pending I/O.</summary>
    public virtual void Abort()
    {
    }

    protected virtual void Close()
    {
    }
}
