using System.Diagnostics;

namespace PoolDoctor.Load.Engine;

/// <summary>The shared state of one run that connection loops read: when it started and whether it is stopping.</summary>
internal sealed class RunControl : IDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private volatile bool _stopping;

    public RunControl(long timeoutTicks) => TimeoutTicks = timeoutTicks;

    public long TimeoutTicks { get; }

    public long StartTimestamp { get; set; }

    public bool Stopping => _stopping;

    /// <summary>Cancelled when the run stops; for waits and the HttpClient path, never checked per byte.</summary>
    public CancellationToken StopToken => _stop.Token;

    public void Stop()
    {
        _stopping = true;
        _stop.Cancel();
    }

    public static long MicrosecondsBetween(long start, long end) => (long)((end - start) * 1_000_000.0 / Stopwatch.Frequency);

    public static long TicksFromSeconds(double seconds) => (long)(seconds * Stopwatch.Frequency);

    public void Dispose() => _stop.Dispose();
}
