namespace PoolDoctor.Cli;

/// <summary>Exit codes shared by every verb, so scripts can tell a bad call from a failed run.</summary>
public static class ExitCodes
{
    public const int Ok = 0;
    public const int RunFailed = 1;
    public const int Usage = 2;
    /// <summary>`diagnose --fail-on`: the run completed and the diagnosis is one the gate fails on.</summary>
    public const int GateFailed = 3;
    /// <summary>Interrupted by Ctrl+C or SIGTERM after writing what was collected (128 + SIGINT).</summary>
    public const int Interrupted = 130;
}
