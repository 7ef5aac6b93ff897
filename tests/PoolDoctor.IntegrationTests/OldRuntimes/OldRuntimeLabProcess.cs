using System.Diagnostics;
using System.Text;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.OldRuntimes;

/// <summary>The published OldRuntimeLab on a free loopback port, running on the runtime it was published with.</summary>
internal sealed class OldRuntimeLabProcess : IAsyncDisposable
{
    private const string ReadyLine = "OldRuntimeLab listening on ";
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private OldRuntimeLabProcess(Process process, int port)
    {
        _process = process;
        Port = port;
    }

    public int Port { get; }

    public int ProcessId => _process.Id;

    public bool HasExited => _process.HasExited;

    /// <summary>What the lab printed as its runtime, e.g. ".NET 8.0.31".</summary>
    public string Runtime { get; private set; } = "";

    public string Output { get { lock (_output) { return _output.ToString(); } } }

    public string Url(string route) => $"http://127.0.0.1:{Port}/{route}";

    public static async Task<OldRuntimeLabProcess> StartAsync(string executable)
    {
        var port = FreePort.Next();
        var info = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add("--urls");
        info.ArgumentList.Add($"http://127.0.0.1:{port}");
        foreach (var key in info.Environment.Keys.Where(k => k.StartsWith("DOTNET_EnableDiagnostics", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            info.Environment.Remove(key);
        }
        var process = Process.Start(info)!;
        var lab = new OldRuntimeLabProcess(process, port);
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }
            lock (lab._output) { lab._output.AppendLine(e.Data); }
            if (e.Data.StartsWith(ReadyLine, StringComparison.Ordinal))
            {
                var open = e.Data.LastIndexOf('(');
                lab.Runtime = open >= 0 ? e.Data[(open + 1)..].TrimEnd(')') : "";
                ready.TrySetResult();
            }
        };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (lab._output) { lab._output.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var finished = await Task.WhenAny(ready.Task, process.WaitForExitAsync(), Task.Delay(TimeSpan.FromSeconds(30)));
        if (finished != ready.Task)
        {
            await lab.DisposeAsync();
            throw new InvalidOperationException($"OldRuntimeLab did not start on port {port}:\n{lab.Output}");
        }
        return lab;
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
