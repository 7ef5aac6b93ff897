using System.Diagnostics;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.OldRuntimes;

/// <summary>The published OldRuntimeLab on a free loopback port, running on the runtime it was published with.</summary>
internal sealed class OldRuntimeLabProcess : IAsyncDisposable
{
    private const string ReadyLine = "OldRuntimeLab listening on ";
    private readonly ListeningChild _child;

    private OldRuntimeLabProcess(ListeningChild child, int port, string runtime)
    {
        _child = child;
        Port = port;
        Runtime = runtime;
    }

    public int Port { get; }

    public int ProcessId => _child.ProcessId;

    public bool HasExited => _child.HasExited;

    /// <summary>What the lab printed as its runtime, e.g. ".NET 8.0.31".</summary>
    public string Runtime { get; }

    public string Output => _child.Output;

    public string Url(string route) => $"http://127.0.0.1:{Port}/{route}";

    public static async Task<OldRuntimeLabProcess> StartAsync(string executable)
    {
        var port = FreePort.Next();
        var info = new ProcessStartInfo(executable);
        info.ArgumentList.Add("--urls");
        info.ArgumentList.Add($"http://127.0.0.1:{port}");
        foreach (var key in info.Environment.Keys.Where(k => k.StartsWith("DOTNET_EnableDiagnostics", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            info.Environment.Remove(key);
        }
        var (child, ready) = await ListeningChild.StartAsync(info, ReadyLine, $"OldRuntimeLab did not start on port {port}");
        var open = ready.LastIndexOf('(');
        return new OldRuntimeLabProcess(child, port, open >= 0 ? ready[(open + 1)..].TrimEnd(')') : "");
    }

    public ValueTask DisposeAsync() => _child.DisposeAsync();
}
