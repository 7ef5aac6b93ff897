namespace PoolDoctor.Model.Stacks;

/// <summary>
/// The user's own lines around a blocking call, as the source file (on disk at the PDB's path, or embedded in the
/// PDB) holds them: <see cref="Lines"/> start at line <see cref="FirstLine"/>; <see cref="CallLine"/> is the call's.
/// </summary>
public sealed record SourceExcerpt(string File, int FirstLine, IReadOnlyList<string> Lines, int CallLine);
