namespace FixIo.Customers;

/// <summary>Logs the customer count once a minute.</summary>
public sealed class CustomerStatsWorker(CustomerStore customers, ILogger<CustomerStatsWorker> logger) : BackgroundService
{
    protected override Task ExecuteAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            logger.LogInformation("{Count} customers", customers.Count());
            Thread.Sleep(TimeSpan.FromMinutes(1));
        }
        return Task.CompletedTask;
    }
}
