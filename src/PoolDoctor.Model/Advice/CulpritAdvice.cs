using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Model.Advice;

/// <summary>
/// The code change for one culprit: what to do (<see cref="Headline"/>), why, tied to what was observed
/// (<see cref="Evidence"/>), and a short before/after snippet written with the culprit's own method name.
/// </summary>
public sealed record CulpritAdvice(
    string Method,
    BlockingKind Kind,
    string Api,
    string Headline,
    string Explanation,
    IReadOnlyList<AdviceEvidence> Evidence,
    string Before,
    string After)
{
    /// <summary>Where <see cref="Before"/> and <see cref="After"/> come from.</summary>
    public AdviceCode Code { get; init; } = AdviceCode.Pattern;

    /// <summary>The source file the lines come from (null for a pattern).</summary>
    public string? SourceFile { get; init; }

    /// <summary>One line saying what the snippets are, e.g. why they are a pattern and not the user's code.</summary>
    public string? CodeNote { get; init; }
}
