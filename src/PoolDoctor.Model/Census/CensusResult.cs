namespace PoolDoctor.Model.Census;

/// <summary>A census: every finding, the processes followed, and what the recording lacked (one line each).</summary>
public sealed record CensusResult(IReadOnlyList<CensusFinding> Findings, IReadOnlyList<CensusProcess> Processes)
{
    /// <summary>What the recording lacked, as the collectors said it (one line each).</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];

    /// <summary>Waits on pool threads with no frame of the user's code on the stack: the framework's own, not listed.</summary>
    public int FrameworkOnlyWaits { get; init; }

    /// <summary>Waits whose frames kept no method name (the process ended before a rundown named them): they may hide findings.</summary>
    public int UnnamedWaits { get; init; }
}
