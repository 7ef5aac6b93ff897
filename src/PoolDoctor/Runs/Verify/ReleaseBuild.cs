using System.Diagnostics;

namespace PoolDoctor.Runs.Verify;

/// <summary>
/// `dotnet build -c Release` of one copied project, with build servers off (`--disable-build-servers`) so no MSBuild
/// node or compiler server outlives the run. Killed with its children on cancel or after the limit; a failed build ends
/// the run with its first error line.
/// </summary>
internal static class ReleaseBuild
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(10);

    public static async Task RunAsync(string projectFile, string what, CancellationToken cancellation)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            WorkingDirectory = Path.GetDirectoryName(projectFile)!,
        };
        foreach (var argument in new[] { "build", projectFile, "-c", "Release", "--disable-build-servers", "-nologo", "-v:q", "-clp:NoSummary" })
        {
            info.ArgumentList.Add(argument);
        }
        // The copy is a fresh tree: no telemetry banner or first-run experience in the captured output.
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        // MSBuildLocator set MSBuild's paths in this process for the rewrite's workspace (and `dotnet test` sets its own):
        // the child `dotnet build` finds its SDK itself.
        foreach (var key in info.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            info.Environment.Remove(key);
        }
        using var process = Process.Start(info) ?? throw new RunFailedException($"could not start dotnet to build {what}");
        var lines = new List<string>();
        process.OutputDataReceived += (_, e) => Keep(lines, e.Data);
        process.ErrorDataReceived += (_, e) => Keep(lines, e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        process.StandardInput.Close();
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        limit.CancelAfter(Limit);
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None);
            cancellation.ThrowIfCancellationRequested();
            throw new RunFailedException($"building {what} took longer than {Limit.TotalMinutes:0} minutes");
        }
        if (process.ExitCode != 0)
        {
            string[] kept;
            lock (lines)
            {
                kept = [.. lines];
            }
            var error = kept.FirstOrDefault(l => l.Contains(": error ", StringComparison.Ordinal)) ?? kept.LastOrDefault(l => l.Trim().Length > 0) ?? $"exit code {process.ExitCode}";
            throw new RunFailedException($"{what} does not build in Release: {error.Trim()}");
        }
    }

    private static void Keep(List<string> lines, string? line)
    {
        if (line is null)
        {
            return;
        }
        lock (lines)
        {
            lines.Add(line);
        }
    }
}
