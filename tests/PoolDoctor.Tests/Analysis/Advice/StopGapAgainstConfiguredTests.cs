using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Tests.Analysis.Advice;

public sealed class StopGapAgainstConfiguredTests
{
    [Fact]
    public void A_target_already_at_or_above_the_stop_gap_is_told_the_setting_hides_the_blocking()
    {
        var gap = MinThreadsCalculator.Advise(165, 2, "test"); // 165 + 2 + 42 = 209, as a MinThreads-300 report advised
        Assert.Equal(209, gap.Value);

        var applied = StopGapAgainstConfigured.Apply(gap, new ConfiguredMinThreads(300, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C"));

        Assert.Equal(209, applied.Value);
        Assert.Contains("already runs with MinThreads 300, at or above this value", applied.Configured);
        Assert.EndsWith("Source of that minimum: DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C.", applied.Configured);
        Assert.Contains("raising it further fixes nothing", applied.Configured);
    }

    [Fact]
    public void A_target_below_the_stop_gap_is_told_its_setting_is_too_low()
    {
        var gap = MinThreadsCalculator.Advise(125, 2, "test");

        var applied = StopGapAgainstConfigured.Apply(gap, new ConfiguredMinThreads(9, "DOTNET_ThreadPool_ForceMinWorkerThreads=9"));

        Assert.Contains("runs with MinThreads 9", applied.Configured);
        Assert.Contains("below this value", applied.Configured);
    }

    [Theory]
    [InlineData("the runtime's default (the processor count); read live from the pool",
        "Source of that minimum: the runtime's default (the processor count), read live from the pool.")]
    [InlineData("set by ThreadPool.SetMinThreads in App.Program.Main (it started with DOTNET_ThreadPool_ForceMinWorkerThreads=0x10); read live from the pool",
        "Source of that minimum: set by ThreadPool.SetMinThreads in App.Program.Main (it started with DOTNET_ThreadPool_ForceMinWorkerThreads=0x10), read live from the pool.")]
    public void The_minimums_source_is_one_clause_with_no_bracket_inside_another(string source, string expected)
    {
        // Issue 34 item 5: "(the runtime's default (the processor count); read live from the pool)" read as nested brackets.
        var applied = StopGapAgainstConfigured.Apply(MinThreadsCalculator.Advise(125, 2, "test"), new ConfiguredMinThreads(2, source));

        Assert.EndsWith(" " + expected, applied.Configured);
        Assert.StartsWith("The target runs with MinThreads 2, below this value: too few for the blocked work measured here.", applied.Configured);
        Assert.Equal(1, MaxBracketDepth(applied.Configured!));
    }

    private static int MaxBracketDepth(string text)
    {
        var (depth, max) = (0, 0);
        foreach (var c in text)
        {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            max = Math.Max(max, depth);
        }
        return max;
    }

    [Fact]
    public void Without_a_configured_minimum_the_stop_gap_is_unchanged()
    {
        var gap = MinThreadsCalculator.Advise(40, 2, "test");

        Assert.Same(gap, StopGapAgainstConfigured.Apply(gap, null));
        Assert.Null(gap.Configured);
    }
}
