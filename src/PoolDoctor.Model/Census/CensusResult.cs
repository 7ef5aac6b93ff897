namespace PoolDoctor.Model.Census;

/// <summary>A census: every finding, the processes followed, and what the recording lacked (one line each).</summary>
public sealed record CensusResult(IReadOnlyList<CensusFinding> Findings, IReadOnlyList<CensusProcess> Processes)
{
    public IReadOnlyList<string> Notes { get; init; } = [];
}
