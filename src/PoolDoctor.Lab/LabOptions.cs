using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab;

/// <summary>How to run the lab: where to listen and which database to use (null: the embedded simulated one).</summary>
public sealed record LabOptions(IReadOnlyList<string> Urls, string? ConnectionString)
{
    public const string DefaultUrl = "http://127.0.0.1:5000";

    /// <summary>Where gRPC listens with the default <see cref="DefaultUrl"/>: HTTP/2 only, cleartext (h2c, prior knowledge).</summary>
    public const string DefaultGrpcUrl = "http://127.0.0.1:5001";

    /// <summary>
    /// HTTP/2-only endpoints for the gRPC service. Kestrel speaks HTTP/2 without TLS only on an endpoint that allows
    /// nothing else, so gRPC gets its own port; the other endpoints still serve it, but only to clients that use TLS.
    /// </summary>
    public IReadOnlyList<string> GrpcUrls { get; init; } = [];

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
