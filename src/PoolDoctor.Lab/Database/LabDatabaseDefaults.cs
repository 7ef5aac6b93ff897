namespace PoolDoctor.Lab.Database;

public static class LabDatabaseDefaults
{
    public static readonly TimeSpan QueryDelay = TimeSpan.FromMilliseconds(500);

    /// <summary>The environment variable that supplies a PostgreSQL connection string when --db is not given.</summary>
    public const string ConnectionStringVariable = "POOLDOCTOR_DB";
}
