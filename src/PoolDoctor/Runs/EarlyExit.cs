namespace PoolDoctor.Runs;

/// <summary>
/// A launched command that fails within the first moments was never a target that was watched: `dotnet missing.dll`
/// runs the SDK's own host (managed code, with a diagnostics endpoint) just long enough to print "Could not execute…";
/// an app that dies in its startup prints its exception. Its own words explain the run; a report of the few seconds
/// seen would describe the wrong process, or nothing, and is not written.
/// </summary>
internal static class EarlyExit
{
    /// <summary>
    /// How long after its start a command that fails is still failing to start: the SDK's host lives about 3 s on an
    /// idle 2-core box, twice that when the box is busy.
    /// </summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(10);

    /// <summary>True when the watch ended because the command failed (non-zero) within <see cref="Limit"/> of its start, with no stacks caught.</summary>
    public static bool IsEarly(DiagnoseLoopOutcome outcome, TimeSpan age, int? exitCode) =>
        outcome.End == DiagnoseLoopEnd.TargetExited
        && exitCode is not null and not 0
        && age < Limit
        && outcome.Stacks is null;
}
