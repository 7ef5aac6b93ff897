using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The lab as its own process on a free loopback port, started through the tool (`dotnet-pooldoctor lab`),
/// so tests load and attach to a real Kestrel server, never to code inside the test host.
/// </summary>
public sealed class LabProcess : IAsyncDisposable
{
    private readonly ListeningChild _child;

    private LabProcess(ListeningChild child, int port, int grpcPort)
    {
        _child = child;
        Port = port;
        GrpcPort = grpcPort;
    }

    public int Port { get; }

    /// <summary>The lab's HTTP/2-only (h2c) port, where its gRPC service answers.</summary>
    public int GrpcPort { get; }

    public int ProcessId => _child.ProcessId;

    public string BaseUrl => $"http://127.0.0.1:{Port}";

    public bool HasExited => _child.HasExited;

    public string Output => _child.Output;

    public string Url(string route) => $"{BaseUrl}/api/diagscenario/{route}";

    /// <summary>An absolute path on the lab, e.g. a <c>LabScenario.Path</c> of either host.</summary>
    public string PathUrl(string path) => BaseUrl + path;

    /// <param name="executable">Run the tool through this file instead of `dotnet dotnet-pooldoctor.dll` (e.g. a link
    /// to its apphost under another name, so the lab has a process name of its own).</param>
    public static async Task<LabProcess> StartAsync(string? connectionString = null, IDictionary<string, string>? environment = null, string? executable = null)
    {
        var port = FreePort.Next();
        var info = new ProcessStartInfo(executable ?? ToolPaths.DotnetHost);
        if (executable is null)
        {
            info.ArgumentList.Add(ToolPaths.ToolDll);
        }
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
        var (child, _) = await ListeningChild.StartAsync(info, "PoolDoctor lab listening on ", $"the lab did not start on port {port}");
        return new LabProcess(child, port, grpcPort);
    }

    public ValueTask DisposeAsync() => _child.DisposeAsync();
}
