using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/late-attach/taskwait-mvc`: `counters --format json` attached to the lab 4 s after a 125-connection
/// load on `taskwait` began, when the pool was already stuck (96 queued, nothing completing, nothing new enqueued). The
/// queue delay's session saw no enqueue at all; before the meter counted the old items' dequeues from its first event,
/// such a run had no `queueDelayMs` line for seconds (two CI runs failed on it). Each line's delay is a lower bound.
/// </summary>
public class LateAttachSeriesTests
{
    private static CounterSeries Load() =>
        CounterFixtures.Load("late-attach/taskwait-mvc");

    [Fact]
    public void Every_sample_of_a_pool_stuck_before_the_attach_carries_a_delay_that_grows_by_the_second()
    {
        var delays = Load().Samples.Select(s => s.QueueDelayMs).ToList();

        Assert.All(delays, d => Assert.True(d is { QueuedBeforeSession: > 0 }, "a sample without items queued before the session"));
        var p50s = delays.Select(d => d!.P50).ToList();
        // Each second the old items have waited a second more: the lower bound must keep up with the clock.
        Assert.All(p50s.Zip(p50s.Skip(1)), pair => Assert.InRange(pair.Second - pair.First, 500, 1500));
    }

    [Fact]
    public void The_verdict_says_the_delay_is_a_lower_bound()
    {
        var series = Load();
        var last = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores)[^1];

        Assert.Equal(VerdictKind.Starving, last.Kind);
        var delay = Assert.Single(last.Evidence, e => e.Kind == EvidenceKind.QueueDelay);
        Assert.Equal((double?)series.Samples[^1].QueueDelayMs!.QueuedBeforeSession, delay.Get(FigureName.QueuedBeforeSession));
        Assert.Contains("of them queued before the measuring began (their wait counts from then: at least)", EvidenceText.Line(delay), StringComparison.Ordinal);
    }
}
