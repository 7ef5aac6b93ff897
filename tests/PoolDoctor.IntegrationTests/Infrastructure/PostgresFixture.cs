namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>The connection string of the real PostgreSQL that scripts/test.sh starts (POOLDOCTOR_TEST_DB).</summary>
public static class PostgresFixture
{
    public const string Variable = "POOLDOCTOR_TEST_DB";

    public static string? ConnectionString => Environment.GetEnvironmentVariable(Variable) is { Length: > 0 } value ? value : null;

    /// <summary>The connection string; without one the test is skipped, or fails under CI=true (see <see cref="MissingDependency"/>).</summary>
    public static string Require() =>
        ConnectionString ?? throw MissingDependency.SkipOrFail($"PostgreSQL ({Variable} unset)", "scripts/test.sh starts a server and sets it");
}
