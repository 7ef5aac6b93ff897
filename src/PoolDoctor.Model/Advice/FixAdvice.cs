using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Model.Advice;

/// <summary>
/// The code change for one culprit: what to do (<see cref="Headline"/>), why, tied to what was observed
/// (<see cref="Evidence"/>), and a short before/after snippet written with the culprit's own method name.
/// </summary>
public sealed record FixAdvice(
    string Method,
    BlockingKind Kind,
    string Api,
    string Headline,
    string Explanation,
    IReadOnlyList<string> Evidence,
    string Before,
    string After);
