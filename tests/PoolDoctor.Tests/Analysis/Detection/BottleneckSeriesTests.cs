using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// The detector on series recorded from tests/apps/Bottleneck (scripts/record-bottleneck-fixtures.sh): a user-style
/// minimal API whose requests wait synchronously behind one worker thread (ManualResetEventSlim, Monitor.Wait) or a
/// capacity of two (SemaphoreSlim.Wait, BlockingCollection.Take), 125 connections; and on negatives recorded from the
/// lab (scripts/record-counter-fixtures.sh: hello, taskasyncwait, cpu, db-async).
/// </summary>
public class BottleneckSeriesTests
{
    /// <summary>Runs in which the blocked workers were not runnable two per core at the second loaded sample.</summary>
    public static TheoryData<string> Bottlenecks => new(
        "mres-1", "mres-2", "monitor-1", "monitor-2", "monitor-3", "semaphore-1", "semaphore-2", "semaphore-3", "pool-1", "pool-2", "pool-3");

    /// <summary>
    /// A run recorded while other test runs held both cores (load average above 30): from the first loaded sample more
    /// pool threads were runnable than there are cores, which the counters cannot tell from CPU-bound work
    /// (CpuSaturated, docs/detection.md, known limits). It must still never be called Healthy.
    /// </summary>
    public static TheoryData<string> CrowdedBottlenecks => new("mres-3");

    public static TheoryData<string> Negatives => new(
        "hello-1", "hello-2", "taskasyncwait-1", "taskasyncwait-2", "cpu-1", "cpu-2", "db-async-1", "db-async-2");

    private static CounterSeries Load(string folder, string name) =>
        CounterFixtures.Load($"{folder}/{name}");

    private static IReadOnlyList<Verdict> Timeline(CounterSeries series) =>
        StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);

    private static double LoadStart(CounterSeries series) =>
        series.Samples.First(s => s.QueueLength > 0 || s.CompletedPerSecond > 50).Seconds;

    [Theory]
    [MemberData(nameof(Bottlenecks))]
    public void A_sync_wait_behind_a_bottleneck_is_starving_by_the_second_loaded_sample(string name)
    {
        var series = Load("bottleneck", name);
        var first = StarvationDetector.FirstFinding(series.Samples, series.Injections, series.Cores);
        Assert.NotNull(first);
        Assert.Equal(VerdictKind.Starving, first.Kind);
        // Samples come once a second with some jitter: 1.2 s is the second loaded sample.
        Assert.True(first.AtSeconds - LoadStart(series) <= 1.2, $"{name}: load visible at {LoadStart(series)}s, Starving only at {first.AtSeconds}s");
    }

    [Theory]
    [MemberData(nameof(Bottlenecks))]
    [MemberData(nameof(CrowdedBottlenecks))]
    public void A_bottleneck_is_never_called_healthy_once_found_while_the_queue_oscillates(string name)
    {
        var series = Load("bottleneck", name);
        // Guards the test: the queue really swings (the pattern the old rules missed) and the load reached the app.
        Assert.True(series.Samples.Max(s => s.QueueLength) - series.Samples.Where(s => s.Seconds > LoadStart(series)).Min(s => s.QueueLength) > 30, $"{name}: queue does not swing");
        Assert.True(series.Samples.Max(s => s.CompletedPerSecond) > 10, $"{name}: no load reached the app");
        var timeline = Timeline(series);
        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.All(timeline.Where(v => v.AtSeconds >= first.AtSeconds), v =>
            Assert.True(StarvationDetector.IsFinding(v), $"{name} at {v.AtSeconds}s: {v.Kind} {string.Join("; ", EvidenceText.Lines(v))}"));
        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.BlockingCompensated);
    }

    [Theory]
    [MemberData(nameof(Bottlenecks))]
    public void The_persistent_queue_rule_says_what_it_sees(string name)
    {
        var verdict = Timeline(Load("bottleneck", name)).LastOrDefault(v => v.Rule == VerdictRule.PersistentQueue);
        Assert.NotNull(verdict);
        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), e => e.StartsWith("queue never drains: ", StringComparison.Ordinal) || e.StartsWith("queue stays up: ", StringComparison.Ordinal));
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("a queued item waits about", StringComparison.Ordinal));
        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("threads wait, they do not compute", StringComparison.Ordinal));
        Assert.InRange(verdict.Confidence, 0.7, 0.99);
    }

    [Theory]
    [MemberData(nameof(Negatives))]
    public void Async_hello_and_cpu_routes_are_never_starving(string name)
    {
        var series = Load("negatives", name);
        Assert.True(series.Samples.Max(s => s.CompletedPerSecond) > 10, $"{name}: no load reached the lab");
        var timeline = Timeline(series);
        Assert.All(timeline, v => Assert.True(v.Kind != VerdictKind.Starving, $"{name} at {v.AtSeconds}s: {v.Rule.Name()} {string.Join("; ", EvidenceText.Lines(v))}"));
    }
}
