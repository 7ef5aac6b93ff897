namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// Builds tests/apps/OrderTests (a user's xunit project, outside the solution) once per test run, so the gate tests can
/// run `dotnet test --no-build` on it and spend their time on the tests, not on compiling them; likewise
/// tests/apps/InvoiceTests (one failing test, for `--show-child-io`).
/// </summary>
internal static class OrderTestsBuild
{
    private static readonly Lazy<Task<string>> Build = new(() => RunBuildAsync("OrderTests"));
    private static readonly Lazy<Task<string>> InvoiceBuild = new(() => RunBuildAsync("InvoiceTests"));

    /// <summary>The project file, built in Release.</summary>
    public static Task<string> ProjectAsync() => Build.Value;

    /// <summary>tests/apps/InvoiceTests (one test, which fails), built in Release.</summary>
    public static Task<string> InvoiceProjectAsync() => InvoiceBuild.Value;

    private static async Task<string> RunBuildAsync(string name)
    {
        var project = Path.Combine(ToolPaths.RepositoryRoot(), "tests", "apps", name, name + ".csproj");
        // No build server or reusable MSBuild node may outlive the test run.
        var run = await NestedDotnet.RunAsync(
            ["build", project, "-c", "Release", "--nologo", "-nodeReuse:false", "-p:UseSharedCompilation=false"], TimeSpan.FromMinutes(5));
        Assert.False(run.TimedOut, $"building {name} took over 5 minutes:\n{run.Log}");
        Assert.True(run.ExitCode == 0, $"building {name} failed:\n{run.Log}");
        return project;
    }
}
