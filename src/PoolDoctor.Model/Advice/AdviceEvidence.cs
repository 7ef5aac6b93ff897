using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Model.Advice;

/// <summary>Which observation an <see cref="AdviceEvidence"/> states: one kind per line form a fix's evidence prints.</summary>
public enum AdviceEvidenceKind
{
    /// <summary>How many pool threads blocked in which API under which method, and their share of the sampled time.</summary>
    BlockedThreads,

    /// <summary>What the blocked work served (an endpoint, a hosted service).</summary>
    Entry,

    /// <summary>How the call site was found when it is not the sampled frame (the culprit's <see cref="CallSiteNote"/>).</summary>
    CallSite,

    /// <summary>The total time the wait events saw blocked.</summary>
    WaitEvents,

    /// <summary>The top frames of one stack that blocked.</summary>
    ExampleStack,

    /// <summary>A line read back from a report.json already written (its words kept as they were; <see cref="AdviceEvidence.Text"/>).</summary>
    Words,
}

/// <summary>
/// One observation behind a fix, as data: the figures and names the analysis found. Analysis makes these; the line a
/// person reads is rendered in one place (Report's <c>AdviceEvidenceText</c>), as <see cref="Verdicts.EvidenceItem"/>
/// is for a verdict.
/// </summary>
public sealed record AdviceEvidence(AdviceEvidenceKind Kind)
{
    /// <summary>The pool threads seen blocked (<see cref="AdviceEvidenceKind.BlockedThreads"/>).</summary>
    public int Threads { get; init; }

    /// <summary>The blocking API as shown, with the call a lock is held across.</summary>
    public string? Api { get; init; }

    /// <summary>The blocked method as shown.</summary>
    public string? Method { get; init; }

    /// <summary>The share of sampled pool-thread time, 0..1.</summary>
    public double Share { get; init; }

    /// <summary>What the work served (<see cref="AdviceEvidenceKind.Entry"/>).</summary>
    public WorkEntry? Entry { get; init; }

    /// <summary>How the call site was found (<see cref="AdviceEvidenceKind.CallSite"/>).</summary>
    public CallSiteNote? Note { get; init; }

    /// <summary>Milliseconds blocked in total by the wait events (<see cref="AdviceEvidenceKind.WaitEvents"/>).</summary>
    public double WaitMs { get; init; }

    /// <summary>The top frames, the blocked one first (<see cref="AdviceEvidenceKind.ExampleStack"/>).</summary>
    public IReadOnlyList<string> Frames { get; init; } = [];

    /// <summary>The line as a report.json gave it (<see cref="AdviceEvidenceKind.Words"/>).</summary>
    public string? Text { get; init; }

    /// <summary>A line read back from a written report.</summary>
    public static AdviceEvidence FromWords(string line) => new(AdviceEvidenceKind.Words) { Text = line };
}
