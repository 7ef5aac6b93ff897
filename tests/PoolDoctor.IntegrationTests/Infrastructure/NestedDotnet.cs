using System.Diagnostics;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// Runs the dotnet host for a build, publish or tool install the tests need (not the tool under test): output kept for
/// the failure message, killed with its children past a time limit.
/// </summary>
internal static class NestedDotnet
{
    /// <summary>How a nested run ended: <see cref="TimedOut"/>, else its exit code; <see cref="Log"/> is stdout and stderr.</summary>
    public sealed record Result(bool TimedOut, int ExitCode, string Log);

    /// <summary>
    /// The MSBuild variables this host inherits from the `dotnet test` that runs it: a nested dotnet build or test must
    /// not see them, or it steers to the outer build's SDK parts.
    /// </summary>
    public static IReadOnlyList<string> InheritedMsBuildVariables() =>
        [.. Environment.GetEnvironmentVariables().Keys.Cast<string>().Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase))];

    public static Task<Result> RunAsync(IEnumerable<string> args, TimeSpan limit) => RunAsync(ToolPaths.DotnetHost, args, limit);

    /// <summary>The same for another program a test needs (a script that builds or fuzzes), with the same MSBuild hygiene.</summary>
    public static async Task<Result> RunAsync(string fileName, IEnumerable<string> args, TimeSpan limit)
    {
        var info = new ProcessStartInfo(fileName)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in args)
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
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            lock (log)
            {
                return new Result(true, -1, log.ToString());
            }
        }
        // The parameterless wait also waits for the redirected streams to be read to their end.
        process.WaitForExit();
        lock (log)
        {
            return new Result(false, process.ExitCode, log.ToString());
        }
    }
}
