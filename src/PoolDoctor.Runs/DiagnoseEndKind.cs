namespace PoolDoctor.Runs;

/// <summary>How a `diagnose` run ended, as the CLI turns it into an exit code.</summary>
internal enum DiagnoseEndKind
{
    /// <summary>Diagnosed (or watched to --duration), the gate passed and any launched command exited 0.</summary>
    Ok,

    /// <summary>Ctrl+C or SIGTERM: a partial report was written.</summary>
    Interrupted,

    /// <summary>The target exited or the watch failed before the end, or the launched command exited non-zero.</summary>
    RunFailed,

    /// <summary>--fail-on: the diagnosis is one the gate fails on.</summary>
    GateFailed,
}
