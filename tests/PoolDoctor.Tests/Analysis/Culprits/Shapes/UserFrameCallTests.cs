using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// The innermost user frame calls the blocking API itself: the lab's routes recorded under 125 connections
/// (fixtures/stacks, RecordedCulpritTests has every route), a handler, a lock in it, a Task.Run lambda, a sync driver
/// call; the site is that frame, on the stack.
/// </summary>
public sealed class UserFrameCallTests
{
    [Theory]
    [InlineData("taskwait")]
    [InlineData("lock")]
    [InlineData("db-taskrun-simulated")]
    [InlineData("db-sync-postgres")]
    public void The_user_frame_that_calls_the_api_is_the_call_site_on_the_stack(string fixture)
    {
        var snapshot = RecordedStacks.Load(fixture);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal(CallSiteSource.Stack, top.Site.Source);
        ShapeProbe.AssertNamedBy<UserFrameCall>(snapshot, top.Method);
    }
}
