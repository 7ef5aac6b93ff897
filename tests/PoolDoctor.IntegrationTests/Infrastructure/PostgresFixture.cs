namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The connection string of the real PostgreSQL that scripts/test.sh starts (POOLDOCTOR_TEST_DB).
/// With CI=true a missing server fails the test: a database scenario must never pass by being skipped.
/// </summary>
public static class PostgresFixture
{
    public const string Variable = "POOLDOCTOR_TEST_DB";

    public static string? ConnectionString => Environment.GetEnvironmentVariable(Variable) is { Length: > 0 } value ? value : null;

    public static bool IsCi => string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>The connection string, or null when the test may be skipped (local run without PostgreSQL).</summary>
    public static string? RequireOrSkip()
    {
        if (ConnectionString is { } value)
        {
            return value;
        }
        if (IsCi)
        {
            Assert.Fail($"{Variable} is not set: CI must run the PostgreSQL scenarios (scripts/test.sh starts the server)");
        }
        return null;
    }
}
