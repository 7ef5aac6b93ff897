using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab.Services;

/// <summary>
/// Counts stock in the database. <see cref="Count"/> is the sync method the gRPC service calls: it starts the async
/// query and blocks on <c>.Wait()</c>, so the pool thread waits for the whole query.
/// </summary>
public sealed class WarehouseLedger(ILabDatabase db)
{
    public int Count(string sku)
    {
        var query = CountAsync(sku, CancellationToken.None);
        query.Wait();
        return query.Result;
    }

    public async Task<int> CountAsync(string sku, CancellationToken cancellationToken)
    {
        await db.ExecuteNonQueryAsync(cancellationToken);
        return sku.Length + 7;
    }
}
