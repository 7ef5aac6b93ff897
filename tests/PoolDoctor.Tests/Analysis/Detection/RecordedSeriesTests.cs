using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// The detector on series recorded from the lab (scripts/record-counter-fixtures.sh: fresh lab, `counters --format json`,
/// load on one route from about 4 s in). Each file is the tool's own output, replayed without the verdicts it held.
/// </summary>
public class RecordedSeriesTests
{
    /// <summary>Two independent recordings of every scenario (see fixtures/counters/README.md).</summary>
    public static readonly string[] Recordings = ["httpclient-loop", "load-verb"];

    private static CounterSeries Load(string recording, string name) =>
        CounterFixtures.Load($"{recording}/{name}");

    public static TheoryData<string, string> Of(params string[] names)
    {
        var data = new TheoryData<string, string>();
        foreach (var recording in Recordings)
        {
            foreach (var name in names)
            {
                data.Add(recording, name);
            }
        }
        return data;
    }

    public static TheoryData<string, string> Calm => Of("idle", "taskasyncwait");

    public static TheoryData<string, string> Blockers => Of("taskwait", "tasksleepwait", "db-sync", "lock");

    public static TheoryData<string, string> Cpu => Of("cpu");

    public static TheoryData<string, string> Taskwait => Of("taskwait");

    public static TheoryData<string, string> Async => Of("taskasyncwait");

    private static IReadOnlyList<Verdict> Timeline(CounterSeries series) =>
        StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);

    [Theory]
    [MemberData(nameof(Calm))]
    public void Idle_and_async_are_healthy_throughout(string recording, string name)
    {
        var series = Load(recording, name);
        Assert.True(series.Samples.Count >= 10, $"{name} has only {series.Samples.Count} samples");
        var timeline = Timeline(series);
        Assert.All(timeline, v => Assert.True(v.Kind is VerdictKind.Healthy or VerdictKind.Inconclusive, $"{name} at {v.AtSeconds}s: {v.Kind} {string.Join("; ", EvidenceText.Lines(v))}"));
        Assert.Equal(VerdictKind.Healthy, timeline[^1].Kind);
    }

    [Theory]
    [MemberData(nameof(Async))]
    public void The_async_fixture_really_was_under_load(string recording, string name)
    {
        // Guards the test above: a "healthy" verdict on a series that never saw traffic would prove nothing.
        Assert.True(Load(recording, name).Samples.Max(s => s.CompletedPerSecond) > 100);
    }

    [Theory]
    [MemberData(nameof(Blockers))]
    public void Blockers_are_starving_or_compensated(string recording, string name)
    {
        var series = Load(recording, name);
        var timeline = Timeline(series);
        var first = timeline.FirstOrDefault(StarvationDetector.IsFinding);
        Assert.NotNull(first);
        Assert.True(first.Kind is VerdictKind.Starving or VerdictKind.BlockingCompensated, $"{name}: first finding {first.Kind} at {first.AtSeconds}s");
        Assert.True(timeline[^1].Kind is VerdictKind.Starving or VerdictKind.BlockingCompensated, $"{name}: last verdict {timeline[^1].Kind}");
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.CpuSaturated);
        Assert.NotEmpty(first.Evidence);
        Assert.True(first.Confidence >= 0.6, $"{name}: confidence {first.Confidence}");
    }

    [Theory]
    [MemberData(nameof(Cpu))]
    public void Cpu_saturation_is_cpu_saturated_and_never_starving(string recording, string name)
    {
        var series = Load(recording, name);
        var timeline = Timeline(series);
        Assert.Equal(VerdictKind.CpuSaturated, timeline[^1].Kind);
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        Assert.Contains(EvidenceText.Lines(timeline[^1]), e => e.Contains("CPU", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Taskwait))]
    public void Taskwait_is_found_in_the_first_seconds_of_load(string recording, string name)
    {
        var series = Load(recording, name);
        var loadStart = series.Samples.First(s => s.QueueLength > 0 || s.CompletedPerSecond > 50).Seconds;
        var first = StarvationDetector.FirstFinding(series.Samples, series.Injections, series.Cores);
        Assert.Equal(VerdictKind.Starving, first!.Kind);
        Assert.True(first.AtSeconds - loadStart <= 3, $"load visible at {loadStart}s, Starving only at {first.AtSeconds}s");
    }

    [Theory]
    [MemberData(nameof(Taskwait))]
    public void The_reader_restores_what_the_writer_wrote(string recording, string name)
    {
        var series = Load(recording, name);
        var again = CounterSeriesReader.Parse(series.Samples.Select((s, i) => CounterJson.IntervalLine(
            new(s, i == 0 ? series.Injections : []), verdict: null)));
        Assert.Equal(series.Samples, again.Samples);
        Assert.Equal(series.Injections, again.Injections);
    }
}
