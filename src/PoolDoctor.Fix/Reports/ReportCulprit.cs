namespace PoolDoctor.Fix.Reports;

/// <summary>
/// One culprit as a report's JSON writes it (docs/report.schema.json): the call site (method, file, line), how it
/// blocks (kind, api, heldAcross for a lock whose holder blocks), the chain from the entry down to the call site with
/// each frame's place, the entry, and the PDB checksum of the call site's file when the report carries it.
/// </summary>
public sealed record ReportCulprit(string Method, string Kind, string Api)
{
    public string? HeldAcross { get; init; }
    public string? File { get; init; }
    public int? Line { get; init; }
    public string? Entry { get; init; }
    public string? Source { get; init; }
    public IReadOnlyList<ChainFrame> Chain { get; init; } = [];
    public SourceChecksum? Checksum { get; init; }

    /// <summary>The package the blocking is inside, when the report says so (the user cannot rewrite its code).</summary>
    public string? Package { get; init; }

    public string Where => File is null ? Method : $"{Method} ({Path.GetFileName(File)}:{Line})";
}

/// <summary>A frame of the chain, outermost first; file and line when the report knows them.</summary>
public sealed record ChainFrame(string Method, string? File, int? Line)
{
    public SourceChecksum? Checksum { get; init; }
}

/// <summary>The hash the compiler recorded for a source document in the PDB: algorithm (sha256, sha1) and hex digest.</summary>
public sealed record SourceChecksum(string Algorithm, string Hex);
