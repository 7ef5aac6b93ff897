using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// The early sign a diagnosis starts its stack capture on, replayed over the recorded lab series: on every blocking
/// pattern it comes no later than the verdict (so the stacks are in sooner), on idle and async load never (no capture
/// the target pays for in vain).
/// </summary>
public class EarlySignsTests
{
    private static CounterSeries Load(string recording, string name) =>
        CounterFixtures.Load($"{recording}/{name}");

    // Each sample with the injections announced since the previous one, as a live watch delivers them.
    private static IEnumerable<CounterInterval> Intervals(CounterSeries series)
    {
        var previous = double.NegativeInfinity;
        foreach (var sample in series.Samples)
        {
            var at = previous;
            yield return new CounterInterval(sample, [.. series.Injections.Where(i => i.Seconds > at && i.Seconds <= sample.Seconds)]);
            previous = sample.Seconds;
        }
    }

    [Theory]
    [MemberData(nameof(RecordedSeriesTests.Blockers), MemberType = typeof(RecordedSeriesTests))]
    public void On_blocking_patterns_the_sign_comes_no_later_than_the_verdict(string recording, string name)
    {
        var series = Load(recording, name);
        var sign = Intervals(series).FirstOrDefault(i => EarlySigns.LookBlocked(i, series.Cores))?.Sample.Seconds;
        var verdict = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores)
            .FirstOrDefault(v => v.Kind == VerdictKind.Starving)?.AtSeconds;
        Assert.NotNull(verdict);
        Assert.NotNull(sign);
        Assert.True(sign <= verdict, $"{name}: sign at {sign} s, Starving at {verdict} s");
    }

    [Theory]
    [MemberData(nameof(RecordedSeriesTests.Calm), MemberType = typeof(RecordedSeriesTests))]
    public void Idle_and_async_load_never_show_it(string recording, string name)
    {
        var series = Load(recording, name);
        var signs = Intervals(series).Where(i => EarlySigns.LookBlocked(i, series.Cores)).Select(i => i.Sample.Seconds).ToList();
        Assert.True(signs.Count == 0, $"{name}: early signs at {string.Join(", ", signs)} s");
    }

    [Theory]
    [MemberData(nameof(RecordedSeriesTests.Cpu), MemberType = typeof(RecordedSeriesTests))]
    public void A_cpu_bound_pool_does_not_show_it(string recording, string name)
    {
        var series = Load(recording, name);
        var signs = Intervals(series).Where(i => EarlySigns.LookBlocked(i, series.Cores)).Select(i => i.Sample.Seconds).ToList();
        Assert.True(signs.Count == 0, $"{name}: early signs at {string.Join(", ", signs)} s");
    }

    [Theory]
    [InlineData("hello-1")]
    [InlineData("hello-2")]
    [InlineData("taskasyncwait-1")]
    [InlineData("taskasyncwait-2")]
    [InlineData("cpu-1")]
    [InlineData("cpu-2")]
    [InlineData("db-async-1")]
    [InlineData("db-async-2")]
    public void Healthy_routes_recorded_on_a_crowded_machine_do_not_show_it(string name)
    {
        var series = Load("negatives", name);
        var signs = Intervals(series).Where(i => EarlySigns.LookBlocked(i, series.Cores)).Select(i => i.Sample.Seconds).ToList();
        Assert.True(signs.Count == 0, $"{name}: early signs at {string.Join(", ", signs)} s");
    }

    [Theory]
    [InlineData("monitor-1")]
    [InlineData("mres-1")]
    [InlineData("semaphore-1")]
    [InlineData("pool-1")]
    public void A_sync_wait_behind_one_worker_shows_it(string name)
    {
        // The app a user wrote (tests/apps/Bottleneck): no starvation injection, the queue alone tells.
        var series = Load("bottleneck", name);
        Assert.Contains(Intervals(series), i => EarlySigns.LookBlocked(i, series.Cores));
    }

    [Fact]
    public void A_blocking_injection_alone_is_a_sign()
    {
        var quiet = new CounterSample(1, 4, 0, 100, 10, 2, 0, 10);
        Assert.False(EarlySigns.LookBlocked(new CounterInterval(quiet, []), 2));
        Assert.True(EarlySigns.LookBlocked(new CounterInterval(quiet, [new InjectionEvent(0.9, 5, AdjustmentReason.CooperativeBlocking, 0)]), 2));
        Assert.False(EarlySigns.LookBlocked(new CounterInterval(quiet, [new InjectionEvent(0.9, 5, AdjustmentReason.ClimbingMove, 0)]), 2));
    }

    [Fact]
    public void A_queue_is_a_sign_only_when_it_holds_over_half_a_second_of_work()
    {
        Assert.True(EarlySigns.LookBlocked(new CounterInterval(new CounterSample(1, 20, 114, 0, 2, 2, 0, 10), []), 2));
        Assert.False(EarlySigns.LookBlocked(new CounterInterval(new CounterSample(1, 6, 63, 35_000, 79, 2, 0, 10), []), 2));
    }
}
