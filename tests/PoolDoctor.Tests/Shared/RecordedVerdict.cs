using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Shared;

/// <summary>What the detector says at the end of a recorded series: the question most detection tests ask.</summary>
public static class RecordedVerdict
{
    public static Verdict AtEnd(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds? thresholds = null) =>
        StarvationDetector.Timeline(samples, injections, cores, thresholds) is { Count: > 0 } timeline
            ? timeline[^1]
            : new Verdict(VerdictKind.Inconclusive, 0, VerdictRule.WarmingUp, [new(EvidenceKind.NoSamples) { Figure = 0, Unit = EvidenceUnit.Samples }], null);
}
