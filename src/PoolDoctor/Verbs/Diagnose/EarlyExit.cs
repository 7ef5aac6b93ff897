namespace PoolDoctor.Verbs.Diagnose;

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

    /// <summary>
    /// How little watching is no watch, whatever the command's age: on a loaded box an app can take longer than
    /// <see cref="Limit"/> to fail its start-up (a port taken), and the watch then sees only its last moments.
    /// </summary>
    public static readonly TimeSpan WatchLimit = TimeSpan.FromSeconds(5);

    /// <summary>
    /// True when the watch ended because the command failed (non-zero) within <see cref="Limit"/> of its start or
    /// <see cref="WatchLimit"/> of the watch, with no stacks caught. Killed from outside (SIGINT, SIGKILL, SIGTERM:
    /// 128 + 2, 9, 15) is not a failure to start: that run keeps its partial report.
    /// </summary>
    public static bool IsEarly(DiagnoseLoopOutcome outcome, TimeSpan age, int? exitCode) =>
        outcome.End == DiagnoseLoopEnd.TargetExited
        && exitCode is not null and not 0 and not (130 or 137 or 143)
        && (age < Limit || outcome.Seconds < WatchLimit.TotalSeconds)
        && outcome.Stacks is null;
}
