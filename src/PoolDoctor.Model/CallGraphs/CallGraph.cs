namespace PoolDoctor.Model.CallGraphs;

/// <summary>
/// What the app's own assemblies say about their code: every method body with the calls its IL makes, and the
/// type hierarchy that virtual and interface calls dispatch through. Names use the runtime's spelling with nested
/// types joined by dots and generic arity stripped (<c>Shop.Outer.Nested</c>), the spelling stack frame names
/// reduce to, so a sampled frame and a method read from IL compare equal.
/// </summary>
public sealed record CallGraph(IReadOnlyList<IlMethod> Methods, IReadOnlyList<IlType> Types)
{
    public static CallGraph Empty { get; } = new([], []);

    /// <summary>Inputs that could not be read (missing file, not a .NET assembly, corrupt metadata) and why.</summary>
    public IReadOnlyList<SkippedInput> Skipped { get; init; } = [];

    /// <summary>The text of the app's source files the PDBs name, by the PDB's document path, when the file is on
    /// this machine at that path or embedded in the PDB (files over a size limit are left out).</summary>
    public IReadOnlyDictionary<string, string> Sources { get; init; } = new Dictionary<string, string>();

    /// <summary>The Razor Pages compiled into the assemblies: a page's request names its file, not a method.</summary>
    public IReadOnlyList<RazorPage> RazorPages { get; init; } = [];

    /// <summary>The PDBs' checksum of each source document, by the PDB's document path (whether or not its text was read).</summary>
    public IReadOnlyDictionary<string, Stacks.SourceChecksum> Checksums { get; init; } = new Dictionary<string, Stacks.SourceChecksum>();
}
