namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>A module file: where it was loaded from (null until its module event) and its PDB's signature.</summary>
internal sealed class TracedModule
{
    /// <summary>What a module no module event named is called (TraceLog's name for it).</summary>
    public const string Unnamed = "ManagedModule";

    public string? Path { get; set; }

    public string FilePath => Path ?? Unnamed;

    public Guid PdbSignature { get; set; }

    /// <summary>The file name without a .dll or .exe extension (other extensions stay), as frames show modules.</summary>
    public string Name
    {
        get
        {
            var path = FilePath;
            var start = path.LastIndexOfAny(['/', '\\']) + 1;
            var dot = path.LastIndexOf('.');
            if (dot > start && (path[dot..].Equals(".dll", StringComparison.OrdinalIgnoreCase) || path[dot..].Equals(".exe", StringComparison.OrdinalIgnoreCase)))
            {
                return path[start..dot];
            }
            return path[start..];
        }
    }
}
