using PoolDoctor.Model.Verdicts;
using PoolDoctor.Verbs.Diagnose;

namespace PoolDoctor.Tests.Runs;

public sealed class EarlyExitTests
{
    private static DiagnoseLoopOutcome Ended(double seconds, DiagnoseLoopEnd end = DiagnoseLoopEnd.TargetExited) =>
        new(2, seconds, [], [], new Verdict(VerdictKind.Healthy, 0.5, VerdictRule.Healthy, [], seconds), null, end, "process 1 exited");

    [Theory]
    [InlineData(2.5, 2.8, 1, true)]      // the SDK's host for `dotnet missing`: 3 s of life, 2.5 s watched
    [InlineData(4.0, 25.0, 1, true)]     // an app slow to fail its start-up on a busy box: its last moments only
    [InlineData(12.0, 20.0, 1, false)]   // an app that failed after a real watch keeps its partial report
    [InlineData(2.5, 2.8, 0, false)]     // exit 0 is not a failure
    [InlineData(2.5, 8.0, 137, false)]   // killed from outside (SIGKILL)
    [InlineData(2.5, 8.0, 143, false)]   // SIGTERM
    [InlineData(2.5, 8.0, 134, true)]    // an unhandled exception in start-up (SIGABRT)
    public void Only_a_command_that_failed_in_its_first_moments_was_never_watched(double watched, double age, int exit, bool early) =>
        Assert.Equal(early, EarlyExit.IsEarly(Ended(watched), TimeSpan.FromSeconds(age), exit));

    [Fact]
    public void A_watch_that_ended_otherwise_is_never_early()
    {
        Assert.False(EarlyExit.IsEarly(Ended(1, DiagnoseLoopEnd.Interrupted), TimeSpan.FromSeconds(1), 1));
        Assert.False(EarlyExit.IsEarly(Ended(1), TimeSpan.FromSeconds(1), null));
    }
}
