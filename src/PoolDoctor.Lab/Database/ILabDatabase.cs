namespace PoolDoctor.Lab.Database;

/// <summary>
/// The "database" behind the db/* endpoints. Each query takes about <see cref="LabDatabaseDefaults.QueryDelay"/>.
/// The sync method blocks the calling thread for the whole query, the async one releases it: that difference is
/// the whole point of the five db variants.
/// </summary>
public interface ILabDatabase
{
    /// <summary>A short name for logs and reports: "simulated" or "postgres".</summary>
    string Kind { get; }

    void ExecuteNonQuery();

    Task ExecuteNonQueryAsync(CancellationToken cancellationToken = default);
}

public static class LabDatabaseDefaults
{
    public static readonly TimeSpan QueryDelay = TimeSpan.FromMilliseconds(500);

    /// <summary>The environment variable that supplies a PostgreSQL connection string when --db is not given.</summary>
    public const string ConnectionStringVariable = "POOLDOCTOR_DB";
}
