using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// The lab's `lock` route holds a lock across Thread.Sleep. Its recorded stacks (fixtures/stacks/snapshots/lock*.json)
/// show the waiters in Lock.Enter and the holder in Thread.Sleep, both in DiagScenarioController.LockConvoy: one finding,
/// one culprit of kind Lock that names what the lock is held across, with the time of both.
/// </summary>
public class LockHeldAcrossTests
{
    private const string Method = "DiagScenarioController.LockConvoy";

    [Theory]
    [InlineData("lock")]
    [InlineData("lock-min16")]
    public void Waiters_and_holder_in_one_method_are_one_lock_culprit_held_across_the_holders_call(string fixture)
    {
        var analysis = CulpritAnalyzer.Analyze(RecordedStacks.Load(fixture));

        var inMethod = analysis.Culprits.Where(c => c.Method == Method).ToList();
        var culprit = Assert.Single(inMethod);
        Assert.Equal(BlockingKind.Lock, culprit.Kind);
        Assert.Equal("Lock.Enter", culprit.Api);
        Assert.Equal("Thread.Sleep", culprit.HeldAcross);
        Assert.Same(culprit, analysis.Culprits[0]);
    }

    [Theory]
    [InlineData("lock")]
    [InlineData("lock-min16")]
    public void The_merged_share_is_the_waiters_plus_the_holder(string fixture)
    {
        var snapshot = RecordedStacks.Load(fixture);
        var merged = CulpritAnalyzer.Analyze(snapshot).Culprits.Single(c => c.Method == Method);
        // Each half analysed alone (the other half's stacks left out): the samples each holds, whatever the denominator.
        var waiters = SamplesOf(snapshot with { Stacks = [.. snapshot.Stacks.Where(s => !Sleeps(s))], Waits = [] }, BlockingKind.Lock);
        var holder = SamplesOf(snapshot with { Stacks = [.. snapshot.Stacks.Where(s => !EntersLock(s))], Waits = [] }, BlockingKind.Sleep);
        var all = CulpritAnalyzer.Analyze(snapshot);

        Assert.True(waiters > 0 && holder > 0, $"{fixture}: waiters {waiters}, holder {holder} samples");
        Assert.Equal(waiters + holder, merged.Share * all.PoolSamples, 3);
    }

    [Fact]
    public void The_advice_says_not_to_block_while_holding_the_lock_and_offers_SemaphoreSlim_WaitAsync()
    {
        var culprit = CulpritAnalyzer.Analyze(RecordedStacks.Load("lock-min16")).Culprits[0];

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], cores: 2).Fixes[0];

        Assert.Contains("Do not block while holding a lock", fix.Headline, StringComparison.Ordinal);
        Assert.Contains("Thread.Sleep", fix.Headline, StringComparison.Ordinal);
        Assert.Contains("SemaphoreSlim", fix.Headline, StringComparison.Ordinal);
        Assert.Contains("WaitAsync", fix.After, StringComparison.Ordinal);
    }

    [Fact]
    public void A_lock_without_a_blocking_holder_names_nothing_held_across()
    {
        // lazy-style and plain convoys: only the waiters were sampled, so there is nothing to name.
        var snapshot = RecordedStacks.Load("lock-min16");
        var waitersOnly = snapshot with { Stacks = [.. snapshot.Stacks.Where(s => !Sleeps(s))], Waits = [] };

        var culprit = CulpritAnalyzer.Analyze(waitersOnly).Culprits.Single(c => c.Method == Method);

        Assert.Null(culprit.HeldAcross);
        Assert.Equal("Lock.Enter", culprit.ApiText);
    }

    private static double SamplesOf(StackSnapshot snapshot, BlockingKind kind)
    {
        var analysis = CulpritAnalyzer.Analyze(snapshot);
        return analysis.Culprits.Single(c => c.Method == Method && c.Kind == kind).Share * analysis.PoolSamples;
    }

    private static bool Sleeps(ThreadStack s) =>
        s.Frames.Any(f => f.Method.StartsWith("System.Threading.Thread.Sleep", StringComparison.Ordinal));

    private static bool EntersLock(ThreadStack s) =>
        s.Frames.Any(f => f.Method.StartsWith("System.Threading.Lock.", StringComparison.Ordinal));
}
