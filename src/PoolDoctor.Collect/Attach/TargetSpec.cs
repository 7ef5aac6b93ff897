namespace PoolDoctor.Collect.Attach;

/// <summary>What the user named on the command line: exactly one of a pid, a process name or a diagnostic port.</summary>
public sealed record TargetSpec(int? ProcessId, string? Name, string? DiagnosticPort)
{
    /// <summary>The default of <c>--attach-timeout</c>: a runtime answers in milliseconds, even with its pool starved.</summary>
    public static readonly TimeSpan DefaultAttachTimeout = TimeSpan.FromSeconds(5);

    /// <summary>How long the target has to answer each request that starts something: the connection, a session, a dump.</summary>
    public TimeSpan AttachTimeout { get; init; } = DefaultAttachTimeout;

    public static TargetSpec ForPid(int pid) => new(pid, null, null);

    /// <summary>True when the target is named by a reverse diagnostic port (<see cref="DiagnosticPortMode.IsListen"/>).</summary>
    public bool IsReversePort => DiagnosticPort is { } port && DiagnosticPortMode.IsListen(port);

    public override string ToString() =>
        ProcessId is { } pid ? $"process {pid}" : Name is { } n ? $"process '{n}'" : $"diagnostic port {DiagnosticPort}";
}
