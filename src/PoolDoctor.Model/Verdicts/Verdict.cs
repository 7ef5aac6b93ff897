namespace PoolDoctor.Model.Verdicts;

/// <summary>What the detector concluded about the pool, how sure it is, and the figures behind it (typed: <see cref="EvidenceItem"/>).</summary>
public sealed record Verdict(
    VerdictKind Kind,
    double Confidence,
    VerdictRule Rule,
    IReadOnlyList<EvidenceItem> Evidence,
    double? AtSeconds);
