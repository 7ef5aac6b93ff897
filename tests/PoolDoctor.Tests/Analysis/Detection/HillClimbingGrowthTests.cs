using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Tests.Detection;

/// <summary>
/// `fixtures/counters/crowded/alloc-mvc-4`: a CI run of the healthy-route corpus (`diagnose --load`, 125 connections) on
/// the controllers' allocation-heavy async `alloc`, four test classes beside it on the 2 cores. The pool ran 6 threads
/// with 123 queued and 190-370 done/s; its workers ran 170-350 ms/s and waited 1,000-1,800 ms/s for a CPU. Every
/// adjustment was hill climbing's (Warmup, then ClimbingMove swinging the goal between 2 and 6 every 0.3 s). The
/// signature rule took that growth (3 to 6 threads, +0.7 threads/s) for a pool still climbing and read Starving at 4.8 s.
/// </summary>
public class HillClimbingGrowthTests
{
    private static CounterSeries Load() => CounterFixtures.Load("crowded/alloc-mvc-4");

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    [Fact]
    public void Growth_that_hill_climbing_made_is_not_read_as_starving()
    {
        Assert.DoesNotContain(Timeline(Load()), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void Without_weighing_hill_climbing_the_run_reads_starving_by_the_signature_as_CI_did()
    {
        var blind = DetectionThresholds.Default with { WeighHillClimbing = false };

        var starving = Timeline(Load(), blind).First(v => v.Kind == VerdictKind.Starving);

        Assert.Equal(VerdictRule.StarvationSignature, starving.Rule);
        Assert.Equal(4.848, starving.AtSeconds!.Value, 3);
    }

    [Fact]
    public void A_starvation_injection_in_the_window_makes_the_same_growth_climb_again()
    {
        // The control on the mechanism: growth beside the gate thread's injection is the runtime saying work is stuck.
        var series = Load();
        var withStarvation = new CounterSeries(series.Samples, [.. series.Injections, new InjectionEvent(4.5, 7, AdjustmentReason.Starvation, 0)]);

        Assert.Contains(Timeline(withStarvation), v => v.Kind == VerdictKind.Starving);
    }
}

/// <summary>
/// Every recorded series under fixtures/counters, read with and without the hill-climbing test: the verdict's kind at
/// each sample must stay what it was, except in the run this test was made for. (The rule that fires may change: a
/// bottleneck pool that grew by hill climbing is now named by the queue rules instead of the signature.)
/// </summary>
public class HillClimbingKeepsRecordedVerdictsTests
{
    [Fact]
    public void No_recorded_verdict_kind_changes_but_the_crowded_alloc_runs()
    {
        var root = Path.Combine(AppContext.BaseDirectory, "fixtures", "counters");
        var changed = new List<string>();
        foreach (var file in Directory.GetFiles(root, "*.jsonl", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            var name = Path.GetRelativePath(root, file).Replace('\\', '/')[..^".jsonl".Length];
            var series = CounterFixtures.Load(name);
            var now = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);
            var before = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores, DetectionThresholds.Default with { WeighHillClimbing = false });
            for (var i = 0; i < now.Count; i++)
            {
                if (now[i].Kind != before[i].Kind)
                {
                    changed.Add($"{name} @ {now[i].AtSeconds}: {before[i].Kind} -> {now[i].Kind}");
                }
            }
        }
        Assert.All(changed, c => Assert.StartsWith("crowded/alloc-mvc-4 ", c, StringComparison.Ordinal));
        Assert.NotEmpty(changed);
    }
}
