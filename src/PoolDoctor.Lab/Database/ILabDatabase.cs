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
