using System.Diagnostics;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>Runs `dotnet-pooldoctor ARGS` the way a user's script does, with a hard time limit.</summary>
public static class ToolRun
{
    /// <param name="unset">Variables to remove from the tool's environment (e.g. the MSBuild ones `dotnet test` gives this host).</param>
    public static async Task<ToolResult> RunAsync(IEnumerable<string> args, TimeSpan timeout, IDictionary<string, string>? environment = null, IEnumerable<string>? unset = null)
    {
        var info = new ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(ToolPaths.ToolDll);
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }
        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[key] = value;
        }
        foreach (var key in unset ?? [])
        {
            info.Environment.Remove(key);
        }
        var clock = Stopwatch.StartNew();
        using var process = Process.Start(info)!;
        process.StandardInput.Close();
        var stdout = new StringBuilder();
        var stderr = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (stdout) { stdout.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (stderr) { stderr.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var cts = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cts.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            throw new TimeoutException($"dotnet-pooldoctor {string.Join(' ', args)} did not finish within {timeout}; stdout so far:\n{stdout}\nstderr:\n{stderr}");
        }
        process.WaitForExit();
        return new ToolResult(process.ExitCode, stdout.ToString(), stderr.ToString(), clock.Elapsed);
    }

    public static Task<ToolResult> RunAsync(params string[] args) => RunAsync(args, TimeSpan.FromMinutes(2));
}
