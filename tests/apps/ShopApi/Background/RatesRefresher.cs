namespace ShopApi.Background;

public sealed class RatesRefresher(ExchangeRates rates) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            rates.Refresh();
            await Task.Delay(10, stoppingToken);
        }
    }
}
