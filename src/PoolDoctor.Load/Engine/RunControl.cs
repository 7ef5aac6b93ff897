using System.Diagnostics;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The shared state of one run that connection loops read: when it started, whether new sends are still allowed
/// (closed at the deadline or the count), and whether the run is being aborted (in-flight requests abandoned).
/// </summary>
internal sealed class RunControl : IDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly CancellationTokenSource _sendingClosed = new();
    private volatile bool _stopping;
    private volatile bool _sendingIsClosed;

    public RunControl(long timeoutTicks) => TimeoutTicks = timeoutTicks;

    public long TimeoutTicks { get; }

    public long StartTimestamp { get; set; }

    /// <summary>The run is being aborted: requests in flight are abandoned and not counted.</summary>
    public bool Stopping => _stopping;

    /// <summary>No new request may start; those in flight may still finish (within their timeout) and count.</summary>
    public bool SendingClosed => _sendingIsClosed;

    public CancellationToken SendingClosedToken => _sendingClosed.Token;

    public void CloseSending()
    {
        _sendingIsClosed = true;
        _sendingClosed.Cancel();
    }

    /// <summary>Cancelled when the run stops; for waits and the HttpClient path, never checked per byte.</summary>
    public CancellationToken StopToken => _stop.Token;

    public void Stop()
    {
        CloseSending();
        _stopping = true;
        _stop.Cancel();
    }

    public static long MicrosecondsBetween(long start, long end) => (long)((end - start) * 1_000_000.0 / Stopwatch.Frequency);

    public static long TicksFromSeconds(double seconds) => (long)(seconds * Stopwatch.Frequency);

    public void Dispose()
    {
        _stop.Dispose();
        _sendingClosed.Dispose();
    }
}
