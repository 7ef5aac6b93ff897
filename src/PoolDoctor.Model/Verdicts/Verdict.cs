namespace PoolDoctor.Model.Verdicts;

/// <summary>What the detector concluded about the pool, how sure it is, and the figures behind it.</summary>
public sealed record Verdict(
    VerdictKind Kind,
    double Confidence,
    VerdictRule Rule,
    IReadOnlyList<string> Evidence,
    double? AtSeconds);
