using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// The modules a trace names, as both readers resolve them: origins, the app modules whose local file is another
/// build than the one traced, and the files whose PDBs give frames their source lines.
/// </summary>
internal sealed record TracedModules(
    IReadOnlyList<ModuleInfo> Modules, IReadOnlyDictionary<string, string> OtherBuilds, IReadOnlyDictionary<string, string> Located)
{
    /// <param name="traced">Each module's name, the path the trace recorded and the PDB signature it traced.</param>
    public static TracedModules Resolve(IReadOnlyList<(string Name, string FilePath, Guid PdbSignature)> traced, SourceLocator sources)
    {
        var modules = ModuleOriginReader.Classify(traced.Select(m => new LoadedModule(m.Name, LocalPath(m.FilePath, sources))));
        // A local copy of another build (a symbols folder from a later commit, a redeployed app) would give wrong lines
        // for the traced code: such a module's frames get none, and its IL lends names and calls but no lines.
        var otherBuilds = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var module in LocalAppModules(modules))
        {
            var file = traced.FirstOrDefault(f => string.Equals(f.Name, module.Name, StringComparison.OrdinalIgnoreCase));
            if (file.Name is not null && AssemblyBuildId.Mismatch(module.Name, module.Path, file.PdbSignature) is { } line)
            {
                otherBuilds[module.Name] = line;
            }
        }
        // Only the app's own code is where the fix goes; framework PDBs are not on the machine anyway.
        var located = modules
            .Where(m => m.Origin is ModuleOrigin.App or ModuleOrigin.Unknown && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path) && !otherBuilds.ContainsKey(m.Name))
            .ToDictionary(m => m.Name, m => m.Path, StringComparer.OrdinalIgnoreCase);
        // Every app module's PDB is checked, another build's too: what else it lacks is said as well.
        foreach (var module in LocalAppModules(modules))
        {
            sources.Check(module.Path);
        }
        return new TracedModules(modules, otherBuilds, located);
    }

    /// <summary>The snapshot's notes on what the frames lack: other builds first, then the symbol gaps.</summary>
    public IReadOnlyList<string> Missing(FrameStats stats, SourceLocator sources, string? symbols) =>
        [.. OtherBuilds.Values, .. SymbolGaps.Describe(stats, sources, symbols, Located.Count + OtherBuilds.Count)];

    private static IEnumerable<ModuleInfo> LocalAppModules(IReadOnlyList<ModuleInfo> modules) =>
        modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path));

    // A symbols directory's copy of a module stands in for the path the trace recorded on its own machine.
    private static string LocalPath(string recorded, SourceLocator sources) =>
        string.IsNullOrEmpty(recorded) ? recorded : sources.Resolve(recorded) ?? recorded;
}
