namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The real dotnet-counters, installed once per test run from the NuGet feed as a tool package (`dotnet tool install
/// --tool-path`, beside the test's output), so the concurrent-tool test runs Microsoft's tool, not an imitation of it.
/// </summary>
internal static class DotnetCountersTool
{
    public const string Version = "10.0.750501";

    private static readonly Lazy<Task<string?>> Install = new(InstallAsync);

    /// <summary>The tool's executable, or null when the feed could not give it (the test then skips, or fails under CI=true).</summary>
    public static Task<string?> PathAsync() => Install.Value;

    /// <summary>What the install printed when it failed.</summary>
    public static string? InstallLog { get; private set; }

    private static async Task<string?> InstallAsync()
    {
        var folder = Path.Combine(AppContext.BaseDirectory, "tools", "dotnet-counters-" + Version);
        var executable = Path.Combine(folder, "dotnet-counters");
        if (File.Exists(executable))
        {
            return executable;
        }
        var run = await NestedDotnet.RunAsync(
            ["tool", "install", "dotnet-counters", "--version", Version, "--tool-path", folder], TimeSpan.FromMinutes(3));
        if (run.TimedOut)
        {
            InstallLog = "dotnet tool install took over 3 minutes\n" + run.Log;
            return null;
        }
        if (run.ExitCode != 0 || !File.Exists(executable))
        {
            InstallLog = run.Log;
            return null;
        }
        return executable;
    }
}
