using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// Runnable pool threads on a host whose cores other processes hold: schedstat tells threads that wait for those CPUs
/// (they run a fraction of a millisecond each time they get one, and wait far longer) from threads that compute.
/// `fixtures/schedstat/` are `bench/cpu-neighbour.sh` runs (the lab, 125 connections, `counters --format json` at
/// 0.5 s, busy loops pinned to both cores beside it; bench/RESULTS.md); the synthetic series use the figures measured there.
/// </summary>
public class CrowdedRunQueueTests
{
    private const int Cores = 2;

    // taskasyncwait beside two busy loops per core: 3-8 workers runnable, 35-80 ms/s on a CPU in all, 5,000-9,000 ms/s waiting.
    private static readonly WorkerScheduling Waiting = new(OnCpuMsPerSecond: 50, RunQueueMsPerSecond: 5000, TimeslicesPerSecond: 600);

    // cpu/20 beside one busy loop per core: 840-1,250 ms/s on a CPU at 40-70 % CPU, the run queue 2-4x that.
    private static readonly WorkerScheduling Computing = new(OnCpuMsPerSecond: 1000, RunQueueMsPerSecond: 3000, TimeslicesPerSecond: 380);

    private static CounterSeries Load(string name) =>
        CounterSeriesReader.Parse(File.ReadLines(Path.Combine(AppContext.BaseDirectory, "fixtures", "schedstat", name + ".jsonl")));

    private static IReadOnlyList<Verdict> Timeline(CounterSeries s, DetectionThresholds? t = null) =>
        StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);

    private static readonly DetectionThresholds Blind = DetectionThresholds.Default with { WeighRunQueue = false };

    /// <summary>A healthy async pool: 3 runnable workers, 20 queued at 600 done/s (a 33 ms wait), 10 % CPU.</summary>
    private static Verdict Flowing(WorkerScheduling? scheduling, DetectionThresholds? t = null)
    {
        var s = new SyntheticSeries(Cores) { Runnable = 3, Scheduling = scheduling }.Repeat(6, threads: 6, queue: 20, cpu: 10, completed: 600);
        return RecordedVerdict.AtEnd(s.Samples, s.Injections, Cores, t);
    }

    /// <summary>A pool blocked behind a bottleneck: 3 runnable (spinning, waking), 120 queued at 10 done/s, 8 % CPU, no injection.</summary>
    private static Verdict Blocked(WorkerScheduling? scheduling)
    {
        var s = new SyntheticSeries(Cores) { Runnable = 3, Scheduling = scheduling }.Repeat(6, threads: 4, queue: 120, cpu: 8, completed: 10);
        return RecordedVerdict.AtEnd(s.Samples, s.Injections, Cores);
    }

    [Fact]
    public void Without_schedstat_runnable_threads_with_work_queued_read_cpu_saturated_as_before()
    {
        Assert.Equal(VerdictKind.CpuSaturated, Flowing(null).Kind);
        Assert.Equal(VerdictKind.CpuSaturated, Blocked(null).Kind);
        Assert.Equal(VerdictKind.CpuSaturated, Flowing(Waiting, Blind).Kind);
    }

    [Fact]
    public void Threads_that_wait_for_cpus_others_hold_leave_a_flowing_pool_healthy_and_say_why()
    {
        var verdict = Flowing(Waiting);

        Assert.Equal((VerdictKind.Healthy, VerdictRule.Healthy), (verdict.Kind, verdict.Rule));
        var item = Assert.Single(verdict.Evidence, e => e.Kind == EvidenceKind.RunQueueHeldElsewhere);
        Assert.Equal(5000, item.Figure);
        Assert.Contains(EvidenceText.Lines(verdict), l => l.StartsWith("pool threads waited 5000 ms/s for a CPU held by other processes", StringComparison.Ordinal));
    }

    [Fact]
    public void Threads_that_wait_for_cpus_others_hold_leave_a_blocked_pool_starving()
    {
        var verdict = Blocked(Waiting);

        Assert.Equal(VerdictKind.Starving, verdict.Kind);
        Assert.Contains(verdict.Evidence, e => e.Kind == EvidenceKind.RunQueueHeldElsewhere);
    }

    [Fact]
    public void Workers_that_get_a_sixth_of_the_cores_compute_though_they_wait_longer()
    {
        // cpu/20's lowest window beside busy loops: 420 ms/s on a CPU (21 % of 2 cores), 1,530 ms/s waiting, 18 % CPU.
        var s = new SyntheticSeries(Cores) { Runnable = 3, Scheduling = new(420, 1530, 250) }.Repeat(6, threads: 6, queue: 60, cpu: 18, completed: 150);

        Assert.Equal(VerdictKind.CpuSaturated, RecordedVerdict.AtEnd(s.Samples, s.Injections, Cores).Kind);
    }

    [Fact]
    public void Computing_threads_crowded_out_to_a_tenth_of_the_cores_are_left_to_the_other_rules()
    {
        // The limit (docs/detection.md): a CPU-bound route crowded out to 10 % of the cores waits for CPUs like any other
        // thread, and a timeslice's length cannot tell it from start-up JIT (taskasyncwait's threads ran 1.4-3 ms each time there).
        var verdict = Flowing(Computing with { OnCpuMsPerSecond = 200, TimeslicesPerSecond = 75 });

        Assert.NotEqual(VerdictKind.CpuSaturated, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), l => l.StartsWith("pool threads waited 3000 ms/s for a CPU held by other processes and ran 200 ms/s (2.67 ms each time)", StringComparison.Ordinal));
    }

    [Fact]
    public void A_computing_pool_beside_busy_loops_says_its_threads_run()
    {
        var s = new SyntheticSeries(Cores) { Runnable = 3, Scheduling = Computing }.Repeat(6, threads: 6, queue: 60, cpu: 50, completed: 150);
        var verdict = RecordedVerdict.AtEnd(s.Samples, s.Injections, Cores);

        Assert.Equal(VerdictKind.CpuSaturated, verdict.Kind);
        Assert.Contains(EvidenceText.Lines(verdict), l => l.StartsWith("pool threads ran 1000 ms/s on a CPU (2.63 ms each time) and waited 3000 ms/s", StringComparison.Ordinal));
    }

    [Fact]
    public void Threads_that_run_longer_than_they_wait_are_not_held_elsewhere()
    {
        // The workers run longer than they wait: the run queue is not where their time goes, and the rule reads as before.
        Assert.Equal(VerdictKind.CpuSaturated, Flowing(new WorkerScheduling(OnCpuMsPerSecond: 400, RunQueueMsPerSecond: 300, TimeslicesPerSecond: 4000)).Kind);
    }

    [Fact]
    public void A_process_using_a_quarter_of_the_cores_is_read_as_before()
    {
        var s = new SyntheticSeries(Cores) { Runnable = 3, Scheduling = Waiting }.Repeat(6, threads: 6, queue: 20, cpu: 30, completed: 600);

        Assert.Equal(VerdictKind.CpuSaturated, RecordedVerdict.AtEnd(s.Samples, s.Injections, Cores).Kind);
    }

    [Fact]
    public void A_recorded_cpu_bound_route_beside_busy_loops_stays_cpu_saturated()
    {
        var timeline = Timeline(Load("cpu-20-hog1"));

        Assert.DoesNotContain(timeline, v => v.Kind == VerdictKind.Starving);
        var first = timeline.First(StarvationDetector.IsFinding);
        Assert.Equal(VerdictKind.CpuSaturated, first.Kind);
        Assert.Contains(first.Evidence, e => e.Kind == EvidenceKind.PoolThreadsRun);
        Assert.DoesNotContain(timeline, v => v.Evidence.Any(e => e.Kind == EvidenceKind.RunQueueHeldElsewhere));
    }

    [Fact]
    public void A_recorded_healthy_route_beside_busy_loops_with_work_queued_is_not_cpu_saturated()
    {
        // The recorded run queued nothing; a more crowded host keeps a few requests queued while their threads wait for a
        // CPU (the misread of issue 22's parallel lanes). 20 items in every sample at its 260-920 done/s wait 22-77 ms; the
        // recorded queue delays belong to the empty queue, so the queued series has none measured.
        var recorded = Load("taskasyncwait-hog2");
        var queued = new CounterSeries([.. recorded.Samples.Select(x => x with { QueueLength = 20, QueueDelayMs = null })], recorded.Injections);

        Assert.Contains(Timeline(queued, Blind), v => v.Kind == VerdictKind.CpuSaturated);
        var timeline = Timeline(queued);
        Assert.DoesNotContain(timeline, v => v.Kind is VerdictKind.CpuSaturated or VerdictKind.Starving);
        Assert.Contains(timeline, v => v.Evidence.Any(e => e.Kind == EvidenceKind.RunQueueHeldElsewhere));
    }

    [Theory]
    [InlineData("taskwait-hog1")]
    [InlineData("semaphore-hog2")]
    [InlineData("lock-hog2")]
    public void Recorded_blocking_routes_beside_busy_loops_read_starving_either_way(string name)
    {
        var series = Load(name);

        Assert.Equal(VerdictKind.Starving, Timeline(series)[^1].Kind);
        Assert.Equal(VerdictKind.Starving, Timeline(series, Blind)[^1].Kind);
        Assert.DoesNotContain(Timeline(series), v => v.Kind == VerdictKind.CpuSaturated);
    }
}
