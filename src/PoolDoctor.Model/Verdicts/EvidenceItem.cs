namespace PoolDoctor.Model.Verdicts;

/// <summary>
/// One fact behind a verdict, as data: which fact (<see cref="Kind"/>), the figure the rule read, the threshold it
/// compared it with, the unit and the window it covers. The rules (Analysis) make these; the sentence a person reads is
/// rendered from them in one place (Report's <c>EvidenceText</c>), so the terminal, the HTML, JUnit and report.json's
/// <c>evidence</c> say the same words and report.json's <c>evidenceItems</c> the same figures.
/// </summary>
public sealed record EvidenceItem(EvidenceKind Kind)
{
    /// <summary>The figure the fact is about, in <see cref="Unit"/>; null for a fact that is a fixed sentence.</summary>
    public double? Figure { get; init; }

    public EvidenceUnit Unit { get; init; }

    /// <summary>What <see cref="Figure"/> was compared with, in the same unit; null when the rule compared it with none.</summary>
    public double? Threshold { get; init; }

    /// <summary>The threshold as a multiple of <see cref="Cores"/>: thresholds scale with the cores (docs/detection.md).</summary>
    public double? ThresholdPerCore { get; init; }

    /// <summary>The cores the figure is read against (the process's processor count).</summary>
    public int? Cores { get; init; }

    /// <summary>The seconds the figure covers, unrounded (a half-second window is 0.5); null when the rule measured no span.</summary>
    public double? WindowSeconds { get; init; }

    /// <summary>The figures a sentence carries beside <see cref="Figure"/>, in the order it says them.</summary>
    public IReadOnlyList<EvidenceFigure> Figures { get; init; } = [];

    /// <summary>The blocked method and its API, for the kinds that name the code that holds the threads.</summary>
    public string? Method { get; init; }

    public string? Api { get; init; }

    /// <summary>Where the configured MinThreads was read (an environment variable, runtimeconfig.json).</summary>
    public string? MinThreadsSource { get; init; }

    /// <summary>The words of a <see cref="EvidenceKind.Note"/>.</summary>
    public string? Note { get; init; }

    /// <summary>A further figure by name; null when the item does not carry it.</summary>
    public double? Get(FigureName name) => Figures.FirstOrDefault(f => f.Name == name)?.Value;

    /// <summary>A line with no figure, from outside the detector.</summary>
    public static EvidenceItem Text(string note) => new(EvidenceKind.Note) { Note = note };
}
