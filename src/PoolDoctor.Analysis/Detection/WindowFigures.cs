using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Detection;

/// <summary>The figures every rule reads, computed once per sample over the detector's window.</summary>
internal sealed record WindowFigures(
    CounterSample Latest,
    CounterSample? Previous,
    double WindowSpanSeconds,
    double CpuPercent,
    double ThreadSlopePerSecond,
    int StarvationInjections,
    int CooperativeBlockingInjections,
    int BlockingInjectionsEver,
    InjectionEvent? LastBlockingInjection)
{
    public static WindowFigures Compute(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, DetectionThresholds thresholds)
    {
        var latest = samples[^1];
        var previous = samples.Count > 1 ? samples[^2] : null;
        var from = latest.Seconds - thresholds.WindowSeconds;
        var window = samples.Where(s => s.Seconds >= from).ToList();
        var first = window[0];
        var span = latest.Seconds - first.Seconds;
        var slope = span > 0 ? (latest.ThreadCount - first.ThreadCount) / span : 0;
        // CPU over the last three samples: one busy second is not saturation.
        var cpu = samples.Skip(Math.Max(0, samples.Count - 3)).Average(s => s.CpuPercent);
        var recent = injections.Where(i => i.Seconds > from && i.Seconds <= latest.Seconds + 0.5).ToList();
        var blockingEver = injections.Where(IsBlockingInjection).ToList();
        return new WindowFigures(
            latest,
            previous,
            span,
            cpu,
            slope,
            recent.Count(i => i.Reason == AdjustmentReason.Starvation),
            recent.Count(i => i.Reason == AdjustmentReason.CooperativeBlocking),
            blockingEver.Count,
            blockingEver.Count > 0 ? blockingEver[^1] : null);
    }

    public static bool IsBlockingInjection(InjectionEvent e) =>
        e.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking;
}
