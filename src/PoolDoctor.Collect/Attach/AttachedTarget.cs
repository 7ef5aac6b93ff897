using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// A live diagnostics connection to one process. Collectors open EventPipe sessions through <see cref="Client"/>;
/// disposing releases a reverse-port connector when one was used. It never changes the target's state by itself.
/// </summary>
public sealed class AttachedTarget : IAsyncDisposable
{
    private readonly IAsyncDisposable? _connector;
    private readonly Lazy<Version?> _runtimeVersion;
    private readonly string? _socketPath;
    private int _resumed;

    private AttachedTarget(TargetProcess process, DiagnosticsClient client, IAsyncDisposable? connector, string? socketPath)
    {
        Process = process;
        Client = client;
        _connector = connector;
        _socketPath = socketPath;
        _runtimeVersion = new Lazy<Version?>(() => socketPath is null ? null : RuntimeVersionProbe.Ask(socketPath, TimeSpan.FromSeconds(3)));
    }

    public TargetProcess Process { get; }

    public DiagnosticsClient Client { get; }

    public int ProcessId => Process.ProcessId;

    /// <summary>
    /// The target's runtime version (e.g. 8.0.31), asked once on first use; null when it cannot be asked: a reverse
    /// (listen) port gives no second connection, and runtimes before .NET 6 lack ProcessInfo2.
    /// </summary>
    public Version? RuntimeVersion => _runtimeVersion.Value;

    /// <summary>True while the process still runs; collectors poll it to tell "target exited" from other stream ends.</summary>
    public bool IsAlive => ProcessId <= 0 || ProcFs.IsRunning(ProcessId);

    public static async Task<AttachedTarget> AttachAsync(TargetSpec spec, CancellationToken cancellationToken)
    {
        if (spec.DiagnosticPort is { } port)
        {
            return await AttachByPortAsync(port, cancellationToken);
        }
        var process = spec.ProcessId is { } pid ? ProcessCatalog.ResolvePid(pid) : ProcessCatalog.ResolveName(spec.Name!);
        var socketPath = DiagnosticSockets.PathOf(process.ProcessId);
        if (socketPath is not null && !DiagnosticSockets.IsWhereClientLooks(socketPath, process.ProcessId))
        {
            // Another TMPDIR or a container's /tmp: NETCore.Client would not find it by pid, so connect to the path.
            return await ConnectToSocketAsync(process, socketPath, cancellationToken);
        }
        return new AttachedTarget(process, new DiagnosticsClient(process.ProcessId), connector: null, socketPath);
    }

    private static async Task<AttachedTarget> ConnectToSocketAsync(TargetProcess process, string socketPath, CancellationToken cancellationToken)
    {
        try
        {
            var connector = await DiagnosticsClientConnector.FromDiagnosticPort(socketPath + ",connect", cancellationToken)
                ?? throw new AttachException($"process {process.ProcessId}: its diagnostics socket {socketPath} gave no connection");
            return new AttachedTarget(process, connector.Instance, connector, socketPath);
        }
        catch (Exception e) when (e is not AttachException and not OperationCanceledException)
        {
            throw new AttachException($"process {process.ProcessId}: cannot use its diagnostics socket {socketPath}: {e.Message}", e);
        }
    }

    private static async Task<AttachedTarget> AttachByPortAsync(string port, CancellationToken cancellationToken)
    {
        try
        {
            var mode = DiagnosticPortMode.WithMode(port);
            var connector = await DiagnosticsClientConnector.FromDiagnosticPort(mode, cancellationToken)
                ?? throw new AttachException($"diagnostic port '{port}' gave no connection");
            var client = connector.Instance;
            // NETCore.Client keeps ProcessInfo internal; the default socket name carries the pid, a custom one does not.
            var pid = DiagnosticSockets.PidFromSocketName(port);
            var process = pid > 0
                ? ProcessCatalog.Describe(pid)
                : new TargetProcess(0, Path.GetFileName(port.Split(',')[0]), "");
            var socketPath = mode.EndsWith(",connect", StringComparison.OrdinalIgnoreCase) ? mode.Split(',')[0] : null;
            return new AttachedTarget(process, client, connector, socketPath);
        }
        catch (Exception e) when (e is not AttachException and not OperationCanceledException)
        {
            throw new AttachException($"cannot use diagnostic port '{port}': {e.Message}", e);
        }
    }

    /// <summary>
    /// A runtime that connected to a ',listen' port (DOTNET_DiagnosticPorts, suspended by default) waits for a resume
    /// before it runs Main; collectors call this once their session runs, so nothing before it is missed. No-op otherwise.
    /// </summary>
    public void ResumeIfSuspended()
    {
        if (_connector is null || _socketPath is not null || Interlocked.Exchange(ref _resumed, 1) == 1)
        {
            return;
        }
        try
        {
            Client.ResumeRuntime();
        }
        catch (Exception e) when (e is ServerErrorException or ServerNotAvailableException or IOException)
        {
            // Not suspended (a nosuspend port): nothing to resume.
        }
    }

    public ValueTask DisposeAsync() => _connector?.DisposeAsync() ?? ValueTask.CompletedTask;
}
