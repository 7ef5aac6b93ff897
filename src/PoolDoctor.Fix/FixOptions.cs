namespace PoolDoctor.Fix;

/// <summary>How to fix: which culprit of the report (1-based, as the report lists them), where the sources are, and
/// whether changed methods get the Async suffix.</summary>
public sealed record FixOptions
{
    public int Culprit { get; init; } = 1;

    /// <summary>A .csproj, .sln or .slnx; null: found from the report's source paths.</summary>
    public string? ProjectPath { get; init; }

    /// <summary>Add the Async suffix to methods that become async (callers renamed with them).</summary>
    public bool Rename { get; init; }
}
