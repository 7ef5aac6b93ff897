using PoolDoctor.Collect.Attach;
using PoolDoctor.Lab;

namespace PoolDoctor.Verbs.Demo;

/// <summary>
/// The lab as a child process of the tool itself (the running executable, `lab --urls http://127.0.0.1:PORT`), so the
/// demo needs no source tree and the target is never the process that loads it. Killed on dispose, always.
/// </summary>
internal sealed class LabChild : IAsyncDisposable
{
    private readonly LaunchedTarget _process;

    private LabChild(LaunchedTarget process, int port, TargetSpec spec)
    {
        _process = process;
        Port = port;
        Spec = spec;
    }

    public int Port { get; }

    public TargetSpec Spec { get; }

    public int ProcessId => _process.ProcessId;

    public Uri Url(string route) => new($"http://127.0.0.1:{Port}{LabRoutes.Mvc}/{route}");

    public static async Task<LabChild> StartAsync(string? connectionString, CancellationToken cancellation)
    {
        var (file, prefix) = SelfCommand();
        // Port 0: Kestrel binds a free port and the lab's ready line names it. A port picked here and handed over would
        // come from the ephemeral range, where any outgoing connection on the machine can take it before the lab binds.
        List<string> arguments = [.. prefix, "lab", "--urls", "http://127.0.0.1:0"];
        if (connectionString is not null)
        {
            arguments.AddRange(["--db", connectionString]);
        }
        var process = LaunchedTarget.Start(file, arguments);
        var ready = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        process.Line += line =>
        {
            if (ReadyPort(line) is { } bound)
            {
                ready.TrySetResult(bound);
            }
        };
        try
        {
            var spec = await process.WaitForDiagnosticsAsync(TimeSpan.FromSeconds(30), cancellation);
            var started = await Task.WhenAny(ready.Task, Task.Delay(TimeSpan.FromSeconds(30), cancellation));
            if (started != ready.Task || process.HasExited)
            {
                throw new RunFailedException($"the lab did not start listening: {process.LastOutput}");
            }
            return new LabChild(process, await ready.Task, spec);
        }
        catch
        {
            await process.DisposeAsync();
            throw;
        }
    }

    /// <summary>The port of the first address on the lab's ready line, or null for any other line.</summary>
    internal static int? ReadyPort(string line)
    {
        if (!line.StartsWith(LabApp.ReadyPrefix, StringComparison.Ordinal))
        {
            return null;
        }
        var first = line[LabApp.ReadyPrefix.Length..].Split(' ', 2)[0];
        return Uri.TryCreate(first, UriKind.Absolute, out var url) && url.Port > 0 ? url.Port : null;
    }

    /// <summary>Warms the route up before its measured load (<see cref="UrlWarmUp"/>).</summary>
    public Task WarmUpAsync(string route, CancellationToken cancellation) => UrlWarmUp.RunAsync(Url(route), cancellation);

    /// <summary>How to run this very tool again: the apphost directly, or `dotnet the-tool.dll` when hosted by dotnet.</summary>
    internal static (string File, IReadOnlyList<string> Prefix) SelfCommand()
    {
        var host = Environment.ProcessPath ?? throw new RunFailedException("cannot tell where this tool's executable is");
        // The entry assembly is the tool itself; this library's own location would name PoolDoctor.Runs.dll.
        var dll = System.Reflection.Assembly.GetEntryAssembly()?.Location ?? "";
        var hostName = Path.GetFileNameWithoutExtension(host);
        return hostName.Equals("dotnet", StringComparison.OrdinalIgnoreCase) && dll.Length > 0 ? (host, [dll]) : (host, []);
    }

    public ValueTask DisposeAsync() => _process.DisposeAsync();
}
