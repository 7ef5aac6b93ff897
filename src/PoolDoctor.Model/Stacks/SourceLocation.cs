namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A place in the user's source: the file as the PDB names it, the line, and the Source Link URL of that line when
/// the PDB carries Source Link (repository + commit), so a report read elsewhere still points at the code.
/// </summary>
public sealed record SourceLocation(string File, int Line)
{
    public string? SourceUrl { get; init; }

    /// <summary>
    /// <see cref="File"/> relative to its repository's root (`src/Orders/OrdersController.cs`), when the root is known,
    /// as <see cref="CallSite.RepositoryFile"/> is for the call site (null otherwise).
    /// </summary>
    public string? RepositoryFile { get; init; }
}
