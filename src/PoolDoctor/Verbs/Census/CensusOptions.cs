namespace PoolDoctor.Verbs.Census;

/// <summary>What one census run was asked for, read from the command line.</summary>
internal sealed record CensusOptions(IReadOnlyList<string> Command, CensusFormat Format)
{
    public string? Output { get; init; }

    public string? JUnit { get; init; }

    public string? Baseline { get; init; }

    public bool UpdateBaseline { get; init; }

    public double? Growth { get; init; }

    public IReadOnlyList<string> UserCodePrefixes { get; init; } = [];

    /// <summary>Where to keep each process's recording (census-PID.nettrace); null: a temporary folder, deleted.</summary>
    public string? Traces { get; init; }
}
