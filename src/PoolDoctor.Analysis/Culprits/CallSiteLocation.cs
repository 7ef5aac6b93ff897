namespace PoolDoctor.Analysis.Culprits;

/// <summary>One blocking call in a method's IL: its offset, the API it calls as IL names it, and the source line
/// when a PDB was found (null otherwise).</summary>
public sealed record CallSiteLocation(int IlOffset, string TargetTypeFullName, string TargetMethod, string? File, int? Line)
{
    /// <summary><c>CustomerRepository.cs:12</c>-style text, or null without a line.</summary>
    /// <summary>The line's Source Link URL, when the PDB carries Source Link.</summary>
    public string? SourceUrl { get; init; }

    public string? FileAndLine => File is null || Line is null ? null : System.IO.Path.GetFileName(File) + ":" + Line;
}
