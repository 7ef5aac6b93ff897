using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>
/// One verdict per process, whichever verb asks (issue 37 item 3): `detect`, `diagnose`, `counters` and `watch` feed one
/// detector, so what can make two of them disagree about one process is the moment each attaches. `detect -p` on the
/// healthy `alloc` beside two busy workers per core said Starving (starvation-signature) 1.5 s after it started, and
/// `diagnose` on the same process 12 s later CpuSaturated. Each recorded crowded series is replayed here as a verb
/// attached at each of its samples would have seen it (the session's first sample has unknown rates and no scheduler
/// figures yet; the times count from the attach): whatever the moment, every finding is the kind the whole series gives.
/// </summary>
public class VerbAgreementTests
{
    /// <summary>Crowded series (other processes held the cores) with the workers' schedstat, and their expected finding.</summary>
    public static TheoryData<string, VerdictKind?> Crowded => new()
    {
        // Work that computes: CpuSaturated, never Starving.
        { "counters/crowded/alloc-minimal", VerdictKind.CpuSaturated },
        { "counters/crowded/alloc-mvc", VerdictKind.CpuSaturated },
        { "counters/crowded/alloc-mvc-3", VerdictKind.CpuSaturated },
        { "counters/crowded/alloc-mvc-4", VerdictKind.CpuSaturated },
        { "counters/crowded/cpu20-mvc", VerdictKind.CpuSaturated },
        { "schedstat/cpu-20-hog1", VerdictKind.CpuSaturated },
        { "counters/negatives/alloc-crowded-1", VerdictKind.CpuSaturated },
        { "counters/negatives/alloc-crowded-2", VerdictKind.CpuSaturated },
        { "counters/agreement/alloc-hog2-diagnose", VerdictKind.CpuSaturated },
        // Blocked pools on the same crowded hosts: Starving whenever attached.
        { "counters/crowded/db-sync-mvc", VerdictKind.Starving },
        { "counters/crowded/db-asyncoversync-minimal", VerdictKind.Starving },
        { "counters/crowded/filter-sync-mvc", VerdictKind.Starving },
        { "counters/crowded/getresult-mvc", VerdictKind.Starving },
        { "counters/crowded/grpc-check", VerdictKind.Starving },
        { "counters/crowded/grpc-check-2", VerdictKind.Starving },
        { "counters/crowded/http-sync-mvc", VerdictKind.Starving },
        { "counters/crowded/queue-sync-mvc", VerdictKind.Starving },
        { "counters/crowded/tenant-sync-mvc", VerdictKind.Starving },
        { "counters/crowded/wait-mvc", VerdictKind.Starving },
        { "schedstat/lock-hog2", VerdictKind.Starving },
        { "schedstat/semaphore-hog2", VerdictKind.Starving },
        { "schedstat/taskwait-hog1", VerdictKind.Starving },
        // Healthy async pools beside busy loops: no finding.
        { "schedstat/taskasyncwait-hog2", null },
        { "counters/negatives/taskasyncwait-crowded-jit", null },
        { "counters/negatives/taskasyncwait-crowded-start", null },
        { "counters/negatives/diagscenarios-taskasyncwait-crowded", null },
        { "counters/negatives/taskasyncwait-busy", null },
    };

    private static CounterSeries Load(string path) =>
        CounterSeriesReader.Parse(File.ReadLines(Path.Combine([AppContext.BaseDirectory, "fixtures", .. path.Split('/')]) + ".jsonl"));

    [Theory]
    [MemberData(nameof(Crowded))]
    public void The_whole_series_reads_its_expected_finding(string path, VerdictKind? expected)
    {
        var series = Load(path);

        var first = StarvationDetector.FirstFinding(series.Samples, series.Injections, series.Cores);

        Assert.Equal(expected, first?.Kind);
    }

    [Theory]
    [MemberData(nameof(Crowded))]
    public void A_verb_attached_at_any_sample_finds_the_same_kind(string path, VerdictKind? expected)
    {
        var series = Load(path);
        var samples = series.Samples.OrderBy(s => s.Seconds).ToList();
        // Every attach that leaves at least four samples (1.5 s at detect's and diagnose's 0.5 s) to decide on.
        var findings = Enumerable.Range(0, Math.Max(0, samples.Count - 3))
            .Select(k => (k, finding: FirstFindingAttachedAt(series, samples, k)))
            .Where(x => x.finding is not null)
            .Select(x => $"{samples[x.k].Seconds:0.00}: {x.finding!.Kind} ({x.finding.Rule.Name()})")
            .ToList();

        Assert.All(findings, f => Assert.Contains($": {expected} (", f, StringComparison.Ordinal));
        if (expected is null)
        {
            Assert.Empty(findings);
        }
    }

    [Theory]
    [MemberData(nameof(Crowded))]
    public void A_pool_whose_workers_compute_beside_busy_neighbours_is_never_starving_by_the_signature(string path, VerdictKind? expected)
    {
        var series = Load(path);
        var samples = series.Samples.OrderBy(s => s.Seconds).ToList();
        if (expected == VerdictKind.Starving)
        {
            return; // the blocked pools' rule is the test above
        }

        var rules = Enumerable.Range(0, samples.Count)
            .SelectMany(k => Timeline(series, samples, k))
            .Select(v => v.Rule);

        Assert.DoesNotContain(VerdictRule.StarvationSignature, rules);
    }

    /// <summary>The first finding of a verb whose session began just before sample <paramref name="k"/>.</summary>
    private static Verdict? FirstFindingAttachedAt(CounterSeries series, List<CounterSample> samples, int k) =>
        Timeline(series, samples, k).FirstOrDefault(StarvationDetector.IsFinding);

    private static IReadOnlyList<Verdict> Timeline(CounterSeries series, List<CounterSample> samples, int k)
    {
        var t0 = samples[k].Seconds - 0.1;
        // The session's first sample: rates over an unknown span (the collector marks it), and no scheduler figures (its
        // schedstat baseline is read at the session's start, so the first figure may come with the second sample).
        var attached = samples.Skip(k)
            .Select((s, i) => s with { Seconds = s.Seconds - t0, FirstInterval = i == 0, WorkerScheduling = i == 0 ? null : s.WorkerScheduling })
            .ToList();
        var injections = series.Injections.Where(i => i.Seconds > t0).Select(i => i with { Seconds = i.Seconds - t0 }).ToList();
        return StarvationDetector.Timeline(attached, injections, series.Cores);
    }
}
