namespace PoolDoctor.Lab.Services;

/// <summary>A message feed the stock worker consumes; each batch takes the lab's query delay to arrive.</summary>
public sealed class StockFeed
{
    public async Task<int> NextBatchAsync(CancellationToken cancellationToken)
    {
        await Task.Delay(Database.LabDatabaseDefaults.QueryDelay, cancellationToken);
        return 10;
    }
}
