using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Tests.Detection;

/// <summary>
/// One verdict per process beside busy neighbours (issue 37 item 3), on runs of `bench/crowded-verdicts.sh` (KEEP=DIR,
/// `stress-ng --cpu 4` on the 2 cores, fixtures/counters/README.md): each run is one fresh lab under 125 connections,
/// seen by `detect -p` and then `diagnose -p`; `NAME-detect` and `NAME-diagnose` are the samples each verb read. The
/// healthy `alloc` runs are the crowded cases, the blocked `taskwait` runs beside the same neighbours their controls.
/// </summary>
public class CrowdedBenchSeriesTests
{
    /// <summary>Run name and whether its route is healthy.</summary>
    public static TheoryData<string, bool> Runs => new()
    {
        { "alloc-hog2-1", true },
        { "alloc-hog2-2", true },
        { "alloc-hog2-3", true },
        { "taskwait-hog2-1", false },
        { "taskwait-hog2-2", false },
    };

    private static CounterSeries Load(string name) => CounterFixtures.Load("crowded-bench/" + name);

    private static Verdict? FirstFinding(CounterSeries s) => StarvationDetector.FirstFinding(s.Samples, s.Injections, s.Cores);

    [Theory]
    [MemberData(nameof(Runs))]
    public void Detect_and_diagnose_read_the_same_answer_about_starvation(string run, bool healthy)
    {
        var detect = FirstFinding(Load(run + "-detect"));
        var diagnose = FirstFinding(Load(run + "-diagnose"));

        Assert.Equal(!healthy, detect?.Kind == VerdictKind.Starving);
        Assert.Equal(!healthy, diagnose?.Kind == VerdictKind.Starving);
        if (detect is not null && diagnose is not null)
        {
            Assert.Equal(detect.Kind, diagnose.Kind);
        }
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public void No_sample_of_a_healthy_run_reads_starving_in_either_verb(string run, bool healthy)
    {
        if (!healthy)
        {
            return; // the blocked controls are Starving: the test above
        }
        foreach (var verb in new[] { "-detect", "-diagnose" })
        {
            var s = Load(run + verb);
            var starving = StarvationDetector.Timeline(s.Samples, s.Injections, s.Cores).Where(v => v.Kind == VerdictKind.Starving);

            Assert.Empty(starving.Select(v => $"{verb} {v.AtSeconds}: {v.Rule.Name()}"));
        }
    }
}
