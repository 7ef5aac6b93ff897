using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Metrics;

/// <summary>
/// What a watch knows at one moment, as every exporter publishes it. Runtime figures are null before the first
/// interval and while no target is attached; totals count over the whole watch, across target restarts.
/// </summary>
public sealed record WatchSnapshot(
    CounterSample? Latest,
    long WorkItemsCompleted,
    IReadOnlyDictionary<AdjustmentReason, long> InjectionsByReason,
    VerdictKind Verdict,
    bool Attached,
    CulpritSeries? Culprit,
    long ReportsWritten)
{
    public bool Starving => Verdict == VerdictKind.Starving;
}
