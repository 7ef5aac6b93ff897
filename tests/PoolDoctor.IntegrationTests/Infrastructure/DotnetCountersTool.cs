using System.Diagnostics;
using System.Text;

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
        var info = new ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[] { "tool", "install", "dotnet-counters", "--version", Version, "--tool-path", folder })
        {
            info.ArgumentList.Add(arg);
        }
        foreach (var key in OrderTestsBuild.InheritedMsBuildVariables())
        {
            info.Environment.Remove(key);
        }
        using var process = Process.Start(info)!;
        var log = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (log) { log.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (log) { log.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            InstallLog = "dotnet tool install took over 3 minutes\n" + log;
            return null;
        }
        process.WaitForExit();
        if (process.ExitCode != 0 || !File.Exists(executable))
        {
            InstallLog = log.ToString();
            return null;
        }
        return executable;
    }
}
