using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// The evidence items several rules state (queue, threads, CPU, completions, injection counts). Every figure a sentence
/// prints is computed here or in the rule, never in the renderer, so report.json's figure and the sentence agree.
/// </summary>
internal static class Facts
{
    public static EvidenceItem Queue(EvidenceKind kind, CounterSample s, int cores, DetectionThresholds t) =>
        new(kind)
        {
            Figure = s.QueueLength,
            Unit = Items,
            Threshold = VerdictRuleChain.QueueFloor(cores, t),
            ThresholdPerCore = t.QueuePerCore,
            Cores = cores,
        };

    public static EvidenceItem Threads(WindowFigures f, int cores) =>
        new(EvidenceKind.ThreadCount)
        {
            Figure = f.Latest.ThreadCount,
            Unit = EvidenceUnit.Threads,
            Cores = cores,
            WindowSeconds = f.WindowSpanSeconds,
            Figures = [new(FigureName.ThreadSlope, f.ThreadSlopePerSecond, ThreadsPerSecond)],
        };

    public static EvidenceItem Cpu(EvidenceKind kind, WindowFigures f, int cores) =>
        new(kind) { Figure = f.CpuPercent, Unit = Percent, Cores = cores };

    public static EvidenceItem Completed(CounterSample s) =>
        new(EvidenceKind.Completed) { Figure = s.CompletedPerSecond, Unit = ItemsPerSecond };

    public static EvidenceItem NothingCompleted() =>
        new(EvidenceKind.NothingCompleted) { Figure = 0, Unit = ItemsPerSecond };

    /// <summary>Injections counted over a window; the injection sentences say the window as the span plus one interval.</summary>
    public static EvidenceItem Injections(EvidenceKind kind, int count, double? windowSeconds = null) =>
        new(kind) { Figure = count, Unit = EvidenceUnit.Injections, WindowSeconds = windowSeconds };

    /// <summary>The measured queue delay of the latest sample; null when it was not measured.</summary>
    public static EvidenceItem? QueueDelay(CounterSample s) =>
        s.QueueDelayMs is { } d && d.Items > 0
            ? new(EvidenceKind.QueueDelay)
            {
                Figure = d.P50,
                Unit = Milliseconds,
                Figures =
                [
                    new(FigureName.P99Ms, d.P99, Milliseconds),
                    new(FigureName.MaxMs, d.Max, Milliseconds),
                    new(FigureName.WorkItems, d.Items, Items),
                    .. d.QueuedBeforeSession > 0 ? [new EvidenceFigure(FigureName.QueuedBeforeSession, d.QueuedBeforeSession, Items)] : Array.Empty<EvidenceFigure>(),
                ],
            }
            : null;
}
