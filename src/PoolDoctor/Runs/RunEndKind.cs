namespace PoolDoctor.Runs;

/// <summary>How a run ended, as the CLI turns it into an exit code (`Cli/RunEndExits`, the one place that does).</summary>
internal enum RunEndKind
{
    /// <summary>Done (diagnosed, watched to the end, printed), whatever the verdict.</summary>
    Ok,

    /// <summary>The target was missing or exited, a load could not run, a launched command exited non-zero.</summary>
    RunFailed,

    /// <summary>A bad call: the command line or an option's value.</summary>
    Usage,

    /// <summary>`diagnose --fail-on`: the diagnosis is one the gate fails on.</summary>
    GateFailed,

    /// <summary>Ctrl+C or SIGTERM, after printing or writing what was collected.</summary>
    Interrupted,
}
