namespace PoolDoctor.Fix;

/// <summary>How to fix: which culprit of the report or finding of the census (1-based, as the file lists them), where
/// the sources are, and whether changed methods get the Async suffix.</summary>
public sealed record FixOptions
{
    /// <summary>A report's culprit (`--culprit`); null: not given (the first, for a report).</summary>
    public int? Culprit { get; init; }

    /// <summary>A census's finding (`--finding`); null: not given (the first, for a census).</summary>
    public int? Finding { get; init; }

    /// <summary>A .csproj, .sln or .slnx; null: found from the report's source paths.</summary>
    public string? ProjectPath { get; init; }

    /// <summary>Add the Async suffix to methods that become async (callers renamed with them).</summary>
    public bool Rename { get; init; }
}
