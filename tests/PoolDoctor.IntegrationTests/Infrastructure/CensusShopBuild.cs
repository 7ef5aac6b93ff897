namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>Builds tests/apps/CensusShop.Tests (a user's WebApplicationFactory tests, outside the solution) once per test run.</summary>
internal static class CensusShopBuild
{
    private static readonly Lazy<Task<string>> Build = new(RunBuildAsync);

    /// <summary>The test project's file, built in Release.</summary>
    public static Task<string> ProjectAsync() => Build.Value;

    private static async Task<string> RunBuildAsync()
    {
        var project = Path.Combine(ToolPaths.RepositoryRoot(), "tests", "apps", "CensusShop.Tests", "CensusShop.Tests.csproj");
        // No build server or reusable MSBuild node may outlive the test run.
        var run = await NestedDotnet.RunAsync(
            ["build", project, "-c", "Release", "--nologo", "-nodeReuse:false", "-p:UseSharedCompilation=false"], TimeSpan.FromMinutes(5));
        Assert.False(run.TimedOut, $"building CensusShop.Tests took over 5 minutes:\n{run.Log}");
        Assert.True(run.ExitCode == 0, $"building CensusShop.Tests failed:\n{run.Log}");
        return project;
    }
}
