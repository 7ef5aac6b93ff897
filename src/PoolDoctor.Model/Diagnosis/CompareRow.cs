using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Model.Diagnosis;

/// <summary>
/// One line of the before/after table: a variant's load result and, when a target was watched during it,
/// the pool's peaks and verdict (null when nothing was watched).
/// </summary>
public sealed record CompareRow(
    string Variant,
    string Url,
    double RequestsPerSecond,
    double MeanMs,
    double P99Ms,
    double MaxMs,
    long Requests,
    long Errors,
    double? PeakThreads,
    double? PeakQueueLength,
    VerdictKind? Verdict);
