using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>What a BlockingCompensated report says about the blocking it did not call starvation.</summary>
public class CompensationNoteTests
{
    private static readonly Verdict Compensated = new(VerdictKind.BlockingCompensated, 0.8, VerdictRule.BlockingCompensated, [], 8.6);
    private static readonly Culprit TaskWait = new("DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, "Task.Result", 153, 0.74, []);
    private static readonly ConfiguredMinThreads Env300 = new(300, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C");

    [Fact]
    public void Names_the_blocked_threads_and_the_MinThreads_that_covers_them()
    {
        var note = CompensationNote.Describe(Compensated, [TaskWait], Env300, 167)!;

        Assert.Equal(EvidenceKind.KeptUpByMinThreads, note.Kind);
        Assert.Equal(153.0, note.Figure);
        Assert.Equal(300.0, note.Threshold);
        Assert.Equal(("DiagScenarioController.TaskWait", "Task.Result"), (note.Method, note.Api));
        Assert.Equal("153 pool threads blocked in DiagScenarioController.TaskWait (Task.Result); the pool keeps up only because MinThreads is 300 (DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C)", EvidenceText.Line(note));
    }

    [Fact]
    public void A_MinThreads_below_the_blocked_threads_is_not_what_keeps_the_pool_up()
    {
        var note = CompensationNote.Describe(Compensated, [TaskWait], new ConfiguredMinThreads(16, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x10"), 167)!;

        Assert.Equal(EvidenceKind.KeptUpByGrowth, note.Kind);
        Assert.Equal(16.0, note.Threshold);
        Assert.Equal(167.0, note.Get(FigureName.Threads));
        Assert.Contains("has grown to 167 threads (MinThreads 16,", EvidenceText.Line(note), StringComparison.Ordinal);
    }

    [Fact]
    public void Without_a_configured_MinThreads_it_says_what_it_could_not_see()
    {
        var note = CompensationNote.Describe(Compensated, [TaskWait], null, 167)!;

        Assert.Equal(EvidenceKind.KeptUpByGrowthUnconfigured, note.Kind);
        Assert.Null(note.Threshold);
        Assert.Contains("has grown to 167 threads", EvidenceText.Line(note), StringComparison.Ordinal);
        Assert.Contains("SetMinThreads", EvidenceText.Line(note), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(VerdictKind.Starving)]
    [InlineData(VerdictKind.Healthy)]
    public void Only_a_compensated_pool_gets_the_note(VerdictKind kind)
    {
        Assert.Null(CompensationNote.Describe(Compensated with { Kind = kind }, [TaskWait], Env300, 167));
        Assert.Null(CompensationNote.Describe(Compensated, [], Env300, 167));
    }
}
