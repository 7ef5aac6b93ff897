namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// What a test does when a part of the machine it needs (PostgreSQL, Chromium) is missing: on a developer box it is
/// reported skipped, so it never counts as passed; under CI=true it fails, because CI must run every scenario.
/// Tests that call this must be [SkippableFact] or [SkippableTheory], or the skip would surface as a failure.
/// </summary>
public static class MissingDependency
{
    public static bool IsCi => string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>The exception that skips the running test (throw it); under CI=true the test fails here instead.</summary>
    public static SkipException SkipOrFail(string what, string howToGetIt)
    {
        if (IsCi)
        {
            Assert.Fail($"{what} is missing and CI=true: CI must run this test ({howToGetIt})");
        }
        return new SkipException($"{what} is missing ({howToGetIt})");
    }
}
