namespace FilterShop.Sync;

/// <summary>Polls the price source every 200 ms for as long as the service runs.</summary>
public sealed class PriceSyncService(PriceFeed feed) : IHostedService
{
    private readonly CancellationTokenSource _stop = new();
    private Task? _loop;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _loop = Task.Factory.StartNew(Poll, _stop.Token);
        return Task.CompletedTask;
    }

    public async Task StopAsync(CancellationToken cancellationToken)
    {
        await _stop.CancelAsync();
        if (_loop is not null)
        {
            await _loop;
        }
    }

    private void Poll()
    {
        while (!_stop.IsCancellationRequested)
        {
            feed.Current = 10m + DateTime.UtcNow.Second % 3;
            Thread.Sleep(200);
        }
    }
}
