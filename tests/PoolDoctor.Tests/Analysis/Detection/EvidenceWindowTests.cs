using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>The evidence names the window it measured: half a second is `over 0.5 s`, never rounded to `over 0 s`.</summary>
public sealed class EvidenceWindowTests
{
    [Fact]
    public void A_half_second_window_reads_over_0_5_s()
    {
        // Two samples half a second apart (detect's and diagnose's interval): 4 more threads, +8 threads/s.
        List<CounterSample> samples =
        [
            new(0.5, 4, 0, 200, 10, 2, 0, 10),
            new(1.0, 8, 0, 200, 10, 2, 0, 10),
        ];

        var verdict = StarvationDetector.Timeline(samples, [], 2)[^1];

        Assert.Contains(EvidenceText.Lines(verdict), e => e.Contains("threads/s over 0.5 s", StringComparison.Ordinal));
        Assert.DoesNotContain(EvidenceText.Lines(verdict), e => e.Contains("over 0 s", StringComparison.Ordinal));
        // The window is a number now: the item carries the half second unrounded, and the sentence keeps its tenth.
        Assert.Equal(0.5, verdict.Evidence.Single(e => e.Kind == EvidenceKind.ThreadCount).WindowSeconds);
    }
}
