using Npgsql;

namespace PoolDoctor.Lab.Database;

/// <summary>A real PostgreSQL behind Npgsql; every query is <c>SELECT pg_sleep(0.5)</c> (or the delay POOLDOCTOR_DB_QUERY_DELAY names).</summary>
public sealed class PostgresLabDatabase : ILabDatabase, IDisposable
{
    private readonly string _query = string.Create(System.Globalization.CultureInfo.InvariantCulture,
        $"SELECT pg_sleep({LabDatabaseDefaults.PostgresQueryDelay(Environment.GetEnvironmentVariable(LabDatabaseDefaults.QueryDelayVariable)).TotalSeconds})");

    // 125 concurrent requests must not queue on Npgsql's default pool of 100 connections, or the async
    // variant would look slow for a reason that has nothing to do with the thread pool.
    private const int MinimumPoolSize = 200;

    private readonly NpgsqlDataSource _dataSource;

    public PostgresLabDatabase(string connectionString)
    {
        var builder = new NpgsqlConnectionStringBuilder(connectionString);
        if (!connectionString.Contains("Maximum Pool Size", StringComparison.OrdinalIgnoreCase)
            && !connectionString.Contains("MaxPoolSize", StringComparison.OrdinalIgnoreCase))
        {
            builder.MaxPoolSize = MinimumPoolSize;
        }
        _dataSource = NpgsqlDataSource.Create(builder.ConnectionString);
    }

    public string Kind => "postgres";

    public void ExecuteNonQuery()
    {
        using var connection = _dataSource.OpenConnection();
        using var command = new NpgsqlCommand(_query, connection);
        command.ExecuteNonQuery();
    }

    public async Task ExecuteNonQueryAsync(CancellationToken cancellationToken = default)
    {
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken);
        await using var command = new NpgsqlCommand(_query, connection);
        await command.ExecuteNonQueryAsync(cancellationToken);
    }

    /// <summary>Fails fast with a clear message when the server is unreachable, instead of at the first request.</summary>
    public void CheckReachable()
    {
        using var connection = _dataSource.OpenConnection();
        using var command = new NpgsqlCommand("SELECT 1", connection);
        command.ExecuteScalar();
    }

    public void Dispose() => _dataSource.Dispose();
}
