namespace PoolDoctor.Fix;

/// <summary>
/// What `fix` would do to the user's sources, computed without writing anything: the unified diff, each changed file's
/// new text, and the methods changed beyond the proven chain. When the fix is refused, <see cref="Refusal"/> is the one
/// line saying why (naming the construct and its location) and nothing else is set.
/// </summary>
public sealed record FixPlan
{
    /// <summary>The unified diff of every changed file (paths relative to <see cref="Root"/>, a/ b/ prefixes); "" when refused.</summary>
    public string Diff { get; init; } = "";

    /// <summary>Each changed file: its absolute path in the user's tree, its text before and after.</summary>
    public IReadOnlyList<ChangedFile> ChangedFiles { get; init; } = [];

    /// <summary>Methods changed although they are not on the proven chain (other callers, other implementations).</summary>
    public IReadOnlyList<AlsoChanged> AlsoChanged { get; init; } = [];

    /// <summary>One line naming what could not be fixed and where; null when the fix is ready to write.</summary>
    public string? Refusal { get; init; }

    /// <summary>The project or solution the sources were loaded from.</summary>
    public string? ProjectPath { get; init; }

    /// <summary>The directory the diff's paths are relative to (the project's or solution's folder).</summary>
    public string? Root { get; init; }

    /// <summary>The culprit that was fixed, as the report names it (method, file:line).</summary>
    public string? Culprit { get; init; }

    /// <summary>Things worth saying that are not a refusal (e.g. the report carries no source checksum to check).</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];

    public bool Refused => Refusal is not null;

    public static FixPlan Refuse(string line, string? projectPath = null) => new() { Refusal = line, ProjectPath = projectPath };
}

/// <summary>A file the fix changes: its absolute path, and its whole text before and after.</summary>
public sealed record ChangedFile(string Path, string OldText, string NewText);

/// <summary>A method changed although it is not on the proven chain, and why (another caller, another implementation).</summary>
public sealed record AlsoChanged(string Method, string File, int Line, string Why)
{
    public override string ToString() => $"{Method} ({File}:{Line}): {Why}";
}
