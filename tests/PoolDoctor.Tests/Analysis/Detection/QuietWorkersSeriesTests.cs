using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// `fixtures/counters/quiet-workers/`: `detect -p`'s series from bench/time-to-verdict.sh (2026-11-28 20:10 UTC, load
/// average 18-28, nice 19) on the lab's blocking routes the runtime does not announce (sleep, lock, semaphore, sync
/// database and stream I/O, queue/sync), each decided at its third half-second sample by the persistent-queue or the
/// signature rule. Where the scheduler shows the workers quiet (neither on a CPU nor in the run queue) at the second
/// sample, that sample decides (issue 37 item 4); where they wait in the run queue (queue/sync on a crowded host,
/// minimal semaphore's 232 ms/s) the rules keep their longer stretch.
/// </summary>
public class QuietWorkersSeriesTests
{
    // Fixture, the sample index (0-based) of the first finding with the quiet form, and without it (the control).
    public static TheoryData<string, int, int> Blocking => new()
    {
        { "mvc-sleep", 1, 2 },
        { "minimal-sleep", 1, 2 },
        { "mvc-lock", 1, 2 },
        { "minimal-lock", 1, 2 },
        { "mvc-semaphore", 1, 2 },
        { "minimal-semaphore", 2, 2 },
        { "mvc-db-sync", 1, 2 },
        { "minimal-db-sync", 1, 2 },
        { "mvc-db-asyncoversync", 1, 2 },
        { "minimal-db-asyncoversync", 1, 2 },
        { "minimal-db-taskrun", 2, 3 },
        { "mvc-stream-sync", 1, 2 },
        { "minimal-stream-sync", 2, 3 },
        { "mvc-queue-sync", 2, 2 },
        { "minimal-queue-sync", 2, 2 },
    };

    [Theory]
    [MemberData(nameof(Blocking))]
    public void Quiet_workers_beside_a_held_queue_are_starving_a_sample_sooner(string name, int withQuiet, int control)
    {
        var series = CounterFixtures.Load("quiet-workers/" + name);
        var off = DetectionThresholds.Default with { QuietWorkersMinSpanSeconds = DetectionThresholds.Default.PersistentQueueMinSpanSeconds };

        Assert.Equal((VerdictKind.Starving, withQuiet), FirstFinding(series, DetectionThresholds.Default));
        Assert.Equal((VerdictKind.Starving, control), FirstFinding(series, off));
    }

    [Theory]
    [InlineData("negatives")]
    [InlineData("crowded")]
    [InlineData("agreement")]
    [InlineData("late-attach")]
    [InlineData("crowded-open")]
    public void The_quiet_form_adds_no_starving_verdict_to_the_recorded_series(string folder)
    {
        // Every recorded series, blocking or not, crowded or quiet: the quiet form may only bring a Starving verdict
        // forward, never add one where the longer stretch gave none, nor change a verdict's kind at the series' end.
        var off = DetectionThresholds.Default with { QuietWorkersMinSpanSeconds = DetectionThresholds.Default.PersistentQueueMinSpanSeconds };
        var dir = Path.Combine(AppContext.BaseDirectory, "fixtures", "counters", folder);
        var files = Directory.GetFiles(dir, "*.jsonl");
        Assert.NotEmpty(files);
        foreach (var file in files)
        {
            var series = CounterFixtures.Load(folder + "/" + Path.GetFileNameWithoutExtension(file));
            var quiet = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);
            var control = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores, off);
            var starvingWithout = control.Any(v => v.Kind == VerdictKind.Starving);
            Assert.True(starvingWithout || quiet.All(v => v.Kind != VerdictKind.Starving), $"{folder}/{Path.GetFileName(file)}: a new Starving");
            Assert.Equal(control[^1].Kind, quiet[^1].Kind);
        }
    }

    private static (VerdictKind, int) FirstFinding(CounterSeries s, DetectionThresholds t)
    {
        var timeline = StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores, t);
        var index = timeline.ToList().FindIndex(StarvationDetector.IsFinding);
        return index < 0 ? (VerdictKind.Inconclusive, -1) : (timeline[index].Kind, index);
    }
}
