using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/lazy-convoy`: the counters of two `diagnose --load` runs (40 s, 125 connections) on an app written
/// the way users write them (docs/accuracy.md): every 50th request replaces a <c>Lazy&lt;T&gt;</c> whose factory sleeps
/// 300 ms, and every other request parks on its lock meanwhile. Four pool threads, CPU about 1 %, no starvation
/// injection (an item completes at least every 300 ms), the queue swinging between 3 and 123 twice a second: Little's
/// law gives 0.15-0.4 s of waiting, under the persistent-queue rule's half second, and both runs read Healthy for 40 s
/// while the measured queue delay said 300 ms at the median, 600 ms at p99.
/// </summary>
public class LazyConvoySeriesTests
{
    private static CounterSeries Load(string name) =>
        CounterFixtures.Load("lazy-convoy/" + name);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s) => StarvationDetector.Timeline(s.Samples, s.Injections, s.Samples[0].Cores);

    [Theory]
    [InlineData("catalog-1")]
    [InlineData("catalog-2")]
    public void Threads_parked_behind_a_slow_shared_factory_are_starving_by_the_measured_queue_delay(string name)
    {
        var timeline = Timeline(Load(name));

        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal((VerdictKind.Starving, VerdictRule.PersistentQueue), (first.Kind, first.Rule));
        Assert.True(first.AtSeconds <= 3, $"first finding at {first.AtSeconds} s");
        Assert.Contains(EvidenceText.Lines(first), e => e.Contains("(measured: ", StringComparison.Ordinal));
        Assert.Equal(VerdictKind.Starving, timeline[^1].Kind);
    }

    [Theory]
    [InlineData("catalog-1")]
    [InlineData("catalog-2")]
    public void Without_the_measured_delay_the_same_counters_read_healthy(string name)
    {
        // The control: Little's law alone is what missed it (a runtime or session without the queue-delay events).
        var series = Load(name);
        var blind = new CounterSeries([.. series.Samples.Select(s => s with { QueueDelayMs = null })], series.Injections);

        Assert.DoesNotContain(Timeline(blind), v => v.Kind == VerdictKind.Starving);
    }

    [Fact]
    public void A_measured_delay_of_milliseconds_does_not_make_a_busy_pool_starve()
    {
        // The same queue swings with the delay a flowing pool measures: the rule needs the wait, not the queue.
        var series = Load("catalog-1");
        var quick = new CounterSeries(
            [.. series.Samples.Select(s => s.QueueDelayMs is null ? s : s with { QueueDelayMs = s.QueueDelayMs with { P50 = 3, P99 = 20, Max = 25 } })],
            series.Injections);

        Assert.DoesNotContain(Timeline(quick), v => v.Kind == VerdictKind.Starving);
    }
}
