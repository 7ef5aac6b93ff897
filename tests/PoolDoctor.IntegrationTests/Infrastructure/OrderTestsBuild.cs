using System.Diagnostics;
using System.Text;

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

    /// <summary>
    /// The MSBuild variables this host inherits from the `dotnet test` that runs it: a nested dotnet build or test must
    /// not see them, or it steers to the outer build's SDK parts.
    /// </summary>
    public static IReadOnlyList<string> InheritedMsBuildVariables() =>
        [.. Environment.GetEnvironmentVariables().Keys.Cast<string>().Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase))];

    private static async Task<string> RunBuildAsync(string name)
    {
        var project = Path.Combine(RepositoryRoot(), "tests", "apps", name, name + ".csproj");
        var info = new ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        // No build server or reusable MSBuild node may outlive the test run.
        foreach (var arg in new[] { "build", project, "-c", "Release", "--nologo", "-nodeReuse:false", "-p:UseSharedCompilation=false" })
        {
            info.ArgumentList.Add(arg);
        }
        foreach (var key in InheritedMsBuildVariables())
        {
            info.Environment.Remove(key);
        }
        using var process = Process.Start(info)!;
        var log = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (log) { log.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (log) { log.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(5));
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            Assert.Fail($"building {name} took over 5 minutes:\n{log}");
        }
        process.WaitForExit();
        Assert.True(process.ExitCode == 0, $"building {name} failed:\n{log}");
        return project;
    }

    private static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "PoolDoctor.slnx")))
            {
                return dir.FullName;
            }
        }
        throw new InvalidOperationException($"no PoolDoctor.slnx above {AppContext.BaseDirectory}");
    }
}
