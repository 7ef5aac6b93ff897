using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab;

/// <summary>How to run the lab: where to listen and which database to use (null: the embedded simulated one).</summary>
public sealed record LabOptions(IReadOnlyList<string> Urls, string? ConnectionString)
{
    public const string DefaultUrl = "http://127.0.0.1:5000";

    /// <summary>The explicit --db value wins; otherwise POOLDOCTOR_DB; otherwise none.</summary>
    public static string? ResolveConnectionString(string? explicitValue)
    {
        if (!string.IsNullOrWhiteSpace(explicitValue))
        {
            return explicitValue;
        }
        var fromEnvironment = Environment.GetEnvironmentVariable(LabDatabaseDefaults.ConnectionStringVariable);
        return string.IsNullOrWhiteSpace(fromEnvironment) ? null : fromEnvironment;
    }
}
