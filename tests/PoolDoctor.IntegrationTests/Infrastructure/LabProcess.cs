using System.Diagnostics;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The lab as its own process on a free loopback port, started through the tool (`dotnet-pooldoctor lab`),
/// so tests load and attach to a real Kestrel server, never to code inside the test host.
/// </summary>
public sealed class LabProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private LabProcess(Process process, int port, int grpcPort)
    {
        _process = process;
        Port = port;
        GrpcPort = grpcPort;
    }

    public int Port { get; }

    /// <summary>The lab's HTTP/2-only (h2c) port, where its gRPC service answers.</summary>
    public int GrpcPort { get; }

    public int ProcessId => _process.Id;

    public string BaseUrl => $"http://127.0.0.1:{Port}";

    public bool HasExited => _process.HasExited;

    public string Output { get { lock (_output) { return _output.ToString(); } } }

    public string Url(string route) => $"{BaseUrl}/api/diagscenario/{route}";

    /// <summary>An absolute path on the lab, e.g. a <c>LabScenario.Path</c> of either host.</summary>
    public string PathUrl(string path) => BaseUrl + path;

    public static async Task<LabProcess> StartAsync(string? connectionString = null, IDictionary<string, string>? environment = null)
    {
        var port = FreePort.Next();
        var info = new ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(ToolPaths.ToolDll);
        info.ArgumentList.Add("lab");
        info.ArgumentList.Add("--urls");
        info.ArgumentList.Add($"http://127.0.0.1:{port}");
        var grpcPort = FreePort.Next();
        info.ArgumentList.Add("--grpc-urls");
        info.ArgumentList.Add($"http://127.0.0.1:{grpcPort}");
        if (connectionString is not null)
        {
            info.ArgumentList.Add("--db");
            info.ArgumentList.Add(connectionString);
        }
        info.Environment.Remove("POOLDOCTOR_DB");
        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[key] = value;
        }
        var process = Process.Start(info)!;
        var lab = new LabProcess(process, port, grpcPort);
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }
            lock (lab._output) { lab._output.AppendLine(e.Data); }
            if (e.Data.StartsWith("PoolDoctor lab listening on ", StringComparison.Ordinal))
            {
                ready.TrySetResult();
            }
        };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (lab._output) { lab._output.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var exited = process.WaitForExitAsync();
        var finished = await Task.WhenAny(ready.Task, exited, Task.Delay(TimeSpan.FromSeconds(30)));
        if (finished != ready.Task)
        {
            await lab.DisposeAsync();
            throw new InvalidOperationException($"the lab did not start on port {port}:\n{lab.Output}");
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
