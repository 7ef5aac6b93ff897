using Npgsql;

namespace ShopKit.OrderStore;

/// <summary>Reads order totals from PostgreSQL. Each read takes about 20 ms on the server (pg_sleep), as a query
/// over a busy table does.</summary>
public sealed class OrderRepository(NpgsqlDataSource dataSource)
{
    private const string TotalQuery = "SELECT $1::int * 10 FROM pg_sleep(0.02)";

    public int GetTotal(int orderId)
    {
        using var connection = dataSource.OpenConnection();
        using var command = new NpgsqlCommand(TotalQuery, connection);
        command.Parameters.AddWithValue(orderId);
        return (int)command.ExecuteScalar()!;
    }

    public async Task<int> GetTotalAsync(int orderId, CancellationToken cancellationToken = default)
    {
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(TotalQuery, connection);
        command.Parameters.AddWithValue(orderId);
        return (int)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }
}
