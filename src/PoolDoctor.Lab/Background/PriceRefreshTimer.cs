using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Background;

/// <summary>
/// Refreshes a price cache from a <see cref="System.Threading.Timer"/> every <see cref="Period"/>. The blocking run waits
/// on <c>.Result</c> inside the callback, so ticks pile up on pool threads; the awaiting run starts the refresh and
/// returns. Each run is started by a route and stops itself at its deadline.
/// </summary>
public sealed class PriceRefreshTimer(PricingClient pricing) : IDisposable
{
    public static readonly TimeSpan Period = TimeSpan.FromMilliseconds(10);

    private readonly Lock _gate = new();
    private Timer? _blocking;
    private long _blockingUntil;
    private Timer? _awaiting;
    private long _awaitingUntil;

    public string? LastPrice { get; private set; }

    /// <summary>False when a blocking run is already going.</summary>
    public bool StartBlocking(TimeSpan runFor) => Start(ref _blocking, ref _blockingUntil, OnTick, runFor);

    public bool StartAwaiting(TimeSpan runFor) => Start(ref _awaiting, ref _awaitingUntil, OnTickAsync, runFor);

    private void OnTick(object? state)
    {
        if (Environment.TickCount64 >= Volatile.Read(ref _blockingUntil))
        {
            Stop(ref _blocking);
            return;
        }
        try
        {
            LastPrice = pricing.GetPriceAsync("all", CancellationToken.None).Result;
        }
        catch (AggregateException)
        {
            // A refresh that fails keeps the old prices; the next tick tries again.
        }
    }

    private void OnTickAsync(object? state)
    {
        if (Environment.TickCount64 >= Volatile.Read(ref _awaitingUntil))
        {
            Stop(ref _awaiting);
            return;
        }
        _ = RefreshAsync();
    }

    private async Task RefreshAsync()
    {
        try
        {
            LastPrice = await pricing.GetPriceAsync("all", CancellationToken.None);
        }
        catch (HttpRequestException)
        {
            // As in OnTick: keep the old prices.
        }
    }

    private bool Start(ref Timer? slot, ref long until, TimerCallback tick, TimeSpan runFor)
    {
        lock (_gate)
        {
            if (slot is not null)
            {
                return false;
            }
            Volatile.Write(ref until, Environment.TickCount64 + (long)runFor.TotalMilliseconds);
            slot = new Timer(tick, null, TimeSpan.Zero, Period);
            return true;
        }
    }

    private void Stop(ref Timer? slot)
    {
        lock (_gate)
        {
            slot?.Dispose();
            slot = null;
        }
    }

    public void Dispose()
    {
        Stop(ref _blocking);
        Stop(ref _awaiting);
    }
}
