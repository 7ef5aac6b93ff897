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

    private AttachedTarget(TargetProcess process, DiagnosticsClient client, IAsyncDisposable? connector, string? socketPath, TimeSpan attachTimeout, RuntimeAnswer? answer, string? port = null)
    {
        Process = process;
        Client = client;
        AttachTimeout = attachTimeout;
        _connector = connector;
        _socketPath = socketPath;
        Describe = process.ProcessId > 0 ? $"process {process.ProcessId}" : $"the runtime at {port ?? socketPath}";
        _runtimeVersion = answer?.RuntimeVersion is { } known
            ? new Lazy<Version?>(known)
            : new Lazy<Version?>(() => socketPath is null ? null : RuntimeVersionProbe.Ask(socketPath, TimeSpan.FromSeconds(3)));
    }

    public TargetProcess Process { get; }

    public DiagnosticsClient Client { get; }

    public int ProcessId => Process.ProcessId;

    /// <summary>How one-liners name the target: "process 4242", or "the runtime at PORT" when its pid is not known.</summary>
    public string Describe { get; }

    /// <summary>How long the target has to answer each request that starts something (a session, a dump): <c>--attach-timeout</c>.</summary>
    public TimeSpan AttachTimeout { get; }

    /// <summary>
    /// The target's runtime version (e.g. 8.0.31), as it answered at attach or asked once on first use; null when it
    /// cannot be asked: a reverse (listen) port gives no second connection, and runtimes before .NET 6 lack ProcessInfo2.
    /// </summary>
    public Version? RuntimeVersion => _runtimeVersion.Value;

    /// <summary>True while the process still runs; collectors poll it to tell "target exited" from other stream ends.</summary>
    public bool IsAlive => ProcessId <= 0 || ProcFs.IsRunning(ProcessId);

    /// <summary>
    /// Attaches and makes sure the runtime answers (<see cref="RuntimeHandshake"/>) within the spec's attach timeout, so
    /// a paused or foreign target ends in one line here rather than in a session start that never returns.
    /// </summary>
    public static async Task<AttachedTarget> AttachAsync(TargetSpec spec, CancellationToken cancellationToken)
    {
        var bound = spec.AttachTimeout;
        if (spec.DiagnosticPort is { } port)
        {
            return await AttachByPortAsync(port, bound, cancellationToken);
        }
        var process = spec.ProcessId is { } pid ? ProcessCatalog.ResolvePid(pid) : ProcessCatalog.ResolveName(spec.Name!);
        var socketPath = DiagnosticSockets.PathOf(process.ProcessId);
        var answer = socketPath is null
            ? null
            : await RuntimeHandshake.AskAsync(socketPath, $"process {process.ProcessId}", process.ProcessId, bound, cancellationToken);
        if (socketPath is not null && !DiagnosticSockets.IsWhereClientLooks(socketPath, process.ProcessId))
        {
            // Another TMPDIR or a container's /tmp: NETCore.Client would not find it by pid, so connect to the path.
            return await ConnectToSocketAsync(process, socketPath, bound, answer, cancellationToken);
        }
        return new AttachedTarget(process, new DiagnosticsClient(process.ProcessId), connector: null, socketPath, bound, answer);
    }

    private static async Task<AttachedTarget> ConnectToSocketAsync(TargetProcess process, string socketPath, TimeSpan bound, RuntimeAnswer? answer, CancellationToken cancellationToken)
    {
        try
        {
            var connector = await TargetWait.RunAsync(
                token => DiagnosticsClientConnector.FromDiagnosticPort(socketPath + ",connect", token),
                bound,
                limit => $"process {process.ProcessId}: its diagnostics socket {socketPath} gave no connection in {TargetWait.Seconds(limit)}",
                cancellationToken,
                late => late?.DisposeAsync().AsTask())
                ?? throw new AttachException($"process {process.ProcessId}: its diagnostics socket {socketPath} gave no connection");
            return new AttachedTarget(process, connector.Instance, connector, socketPath, bound, answer);
        }
        catch (Exception e) when (e is not AttachException and not OperationCanceledException)
        {
            throw new AttachException($"process {process.ProcessId}: cannot use its diagnostics socket {socketPath}: {e.Message}", e);
        }
    }

    private static async Task<AttachedTarget> AttachByPortAsync(string port, TimeSpan bound, CancellationToken cancellationToken)
    {
        var mode = DiagnosticPortMode.WithMode(port);
        var path = mode[..mode.LastIndexOf(',')];
        var listen = mode.EndsWith(",listen", StringComparison.OrdinalIgnoreCase);
        // NETCore.Client keeps ProcessInfo internal; the default socket name carries the pid, a custom one does not,
        // but a connect port's runtime says its pid when asked.
        var pid = DiagnosticSockets.PidFromSocketName(port);
        var who = pid > 0 ? $"process {pid}" : $"the runtime at {path}";
        if (listen && Path.GetDirectoryName(Path.GetFullPath(path)) is { } folder && !Directory.Exists(folder))
        {
            throw new AttachException($"cannot listen on {path}: its folder {folder} does not exist (a path that does not exist is a ',listen' port the tool creates; a target's own socket is given as PATH,connect)");
        }
        var answer = listen ? null : await RuntimeHandshake.AskAsync(path, who, pid, bound, cancellationToken);
        if (pid <= 0 && answer?.ProcessId is { } said && DiagnosticSockets.PathOf(said) == path)
        {
            // The pid the runtime gives is this machine's only when its socket is where that pid publishes one
            // (a container's runtime gives its own namespace's pid).
            pid = said;
        }
        try
        {
            var connector = await TargetWait.RunAsync(
                token => DiagnosticsClientConnector.FromDiagnosticPort(mode, token),
                bound,
                limit => listen ? NobodyConnected(path, limit) : $"{who}: its diagnostics socket {path} gave no connection in {TargetWait.Seconds(limit)}",
                cancellationToken,
                late => late?.DisposeAsync().AsTask(),
                targetThere: !listen)
                ?? throw new AttachException($"diagnostic port '{port}' gave no connection");
            var process = pid > 0 ? ProcessCatalog.Describe(pid) : new TargetProcess(0, Path.GetFileName(path), "");
            return new AttachedTarget(process, connector.Instance, connector, listen ? null : path, bound, answer, path);
        }
        catch (Exception e) when (e is not AttachException and not OperationCanceledException)
        {
            throw new AttachException($"cannot use diagnostic port '{port}': {e.Message}", e);
        }
    }

    private static string NobodyConnected(string path, TimeSpan limit) =>
        $"no runtime connected to {path} in {TargetWait.Seconds(limit)} (a ',listen' port waits for a target started with DOTNET_DiagnosticPorts={path}; --attach-timeout gives it longer)";

    /// <summary>
    /// A runtime that connected to a ',listen' port (DOTNET_DiagnosticPorts, suspended by default) waits for a resume
    /// before it runs Main; collectors call this once their session runs, so nothing before it is missed (a dump, before it
    /// writes, so it shows the target running and never leaves it suspended). The one place that decides: no-op for a
    /// target attached any other way, and after the first call.
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
        catch (Exception e) when (e is DiagnosticsClientException or IOException)
        {
            // Not suspended (a nosuspend port): nothing to resume.
        }
    }

    public ValueTask DisposeAsync() => _connector?.DisposeAsync() ?? ValueTask.CompletedTask;
}
