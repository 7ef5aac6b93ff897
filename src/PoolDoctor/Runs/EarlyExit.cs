namespace PoolDoctor.Runs;

/// <summary>
/// A launched command that fails within the first moments was never a target that was watched: `dotnet missing.dll`
/// runs the SDK's own host (managed code, with a diagnostics endpoint) just long enough to print "Could not execute…";
/// an app that dies in its startup prints its exception. Its own words explain the run; a report of the few seconds
/// seen would describe the wrong process, or nothing, and is not written.
/// </summary>
internal static class EarlyExit
{
    /// <summary>How much watching makes a report worth keeping of a command that then failed.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(5);

    /// <summary>True when the watch ended because the command failed (non-zero) before <see cref="Limit"/>, with no stacks caught.</summary>
    public static bool IsEarly(DiagnoseLoopOutcome outcome, int? exitCode) =>
        outcome.End == DiagnoseLoopEnd.TargetExited
        && exitCode is not null and not 0
        && outcome.Seconds < Limit.TotalSeconds
        && outcome.Stacks is null;
}
