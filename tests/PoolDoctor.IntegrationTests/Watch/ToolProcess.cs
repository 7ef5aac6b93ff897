using System.Diagnostics;
using System.Text;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>
/// A long-running `dotnet-pooldoctor` (here `watch`) as its own process: waits for lines on stdout, ends with SIGTERM
/// as systemd or Kubernetes would, and is always killed on dispose if it is still running.
/// </summary>
internal sealed class ToolProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();

    private ToolProcess(Process process) => _process = process;

    public string StdOut { get { lock (_stdout) { return _stdout.ToString(); } } }

    public string StdErr { get { lock (_stderr) { return _stderr.ToString(); } } }

    public static ToolProcess Start(params string[] args)
    {
        var info = new ProcessStartInfo(ToolPaths.DotnetHost) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(ToolPaths.ToolDll);
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }
        var tool = new ToolProcess(Process.Start(info)!);
        tool._process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (tool._stdout) { tool._stdout.AppendLine(e.Data); } } };
        tool._process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (tool._stderr) { tool._stderr.AppendLine(e.Data); } } };
        tool._process.BeginOutputReadLine();
        tool._process.BeginErrorReadLine();
        return tool;
    }

    /// <summary>Waits until stdout holds <paramref name="count"/> lines containing <paramref name="text"/>; fails with the output so far.</summary>
    public async Task<string> WaitForLineAsync(string text, TimeSpan timeout, int count = 1)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < timeout)
        {
            var lines = StdOut.Split('\n').Where(l => l.Contains(text, StringComparison.Ordinal)).ToList();
            if (lines.Count >= count)
            {
                return lines[count - 1];
            }
            if (_process.HasExited)
            {
                break;
            }
            await Task.Delay(200);
        }
        throw new TimeoutException($"no {count}x '{text}' within {timeout.TotalSeconds:0} s (exited: {_process.HasExited})\n--- stdout\n{StdOut}\n--- stderr\n{StdErr}");
    }

    /// <summary>SIGTERM, then the exit code; killed (and the test fails) when it does not end in time.</summary>
    public async Task<int> TerminateAsync(TimeSpan timeout)
    {
        using (var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
            Assert.Equal(0, kill.ExitCode);
        }
        using var limit = new CancellationTokenSource(timeout);
        try
        {
            await _process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            _process.Kill(entireProcessTree: true);
            throw new TimeoutException($"watch did not exit within {timeout.TotalSeconds:0} s of SIGTERM\n{StdOut}\n{StdErr}");
        }
        _process.WaitForExit();
        return _process.ExitCode;
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }
        _process.Dispose();
    }
}
