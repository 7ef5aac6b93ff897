using System.Collections.Concurrent;
using System.Diagnostics;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.OldRuntimes;

/// <summary>
/// Publishes tests/apps/OldRuntimeLab self-contained for one older target framework, once per test run. The .NET 8/9
/// runtime packs come from NuGet; when they cannot be restored the test is skipped (failed under CI=true), never passed.
/// </summary>
internal static class OldRuntimeLabBuild
{
    private static readonly ConcurrentDictionary<string, Lazy<Task<Published>>> Builds = new(StringComparer.Ordinal);

    public sealed record Published(string Executable, TimeSpan PublishTime);

    public static Task<Published> PublishAsync(string framework) =>
        Builds.GetOrAdd(framework, f => new Lazy<Task<Published>>(() => RunPublishAsync(f))).Value;

    private static async Task<Published> RunPublishAsync(string framework)
    {
        var project = Path.Combine(ToolPaths.RepositoryRoot(), "tests", "apps", "OldRuntimeLab", "OldRuntimeLab.csproj");
        var output = Path.Combine(AppContext.BaseDirectory, "old-runtime-lab", framework);
        var clock = Stopwatch.StartNew();
        // No build server or reusable MSBuild node may outlive the test run.
        var run = await NestedDotnet.RunAsync(
            ["publish", project, "-c", "Release", "-f", framework, "-o", output, "--nologo", "-nodeReuse:false", "-p:UseSharedCompilation=false"],
            TimeSpan.FromMinutes(5));
        Assert.False(run.TimedOut, $"publishing OldRuntimeLab for {framework} took over 5 minutes:\n{run.Log}");
        var text = run.Log;
        if (run.ExitCode != 0)
        {
            // NU1xxx: the runtime or targeting pack could not be restored; anything else is a real build failure.
            if (text.Contains("error NU1", StringComparison.Ordinal))
            {
                throw MissingDependency.SkipOrFail($"the {framework} runtime pack for OldRuntimeLab", "restore failed; it comes from NuGet: Microsoft.NETCore.App.Runtime.linux-x64, Microsoft.AspNetCore.App.Runtime.linux-x64");
            }
            Assert.Fail($"publishing OldRuntimeLab for {framework} failed:\n{text}");
        }
        var executable = Path.Combine(output, "OldRuntimeLab");
        Assert.True(File.Exists(executable), $"no {executable} after publishing:\n{text}");
        return new Published(executable, clock.Elapsed);
    }
}
