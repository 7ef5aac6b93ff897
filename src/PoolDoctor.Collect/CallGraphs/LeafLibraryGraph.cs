using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Reads the IL of the package assemblies whose frames are the top of a sampled stack with a known IL offset. In tier-1
/// code a package's sync-execute method can have its wait compiled into it (<c>Monitor.Wait</c> and the runtime call
/// under it leave no managed frame), so the stack ends in that package frame; only its IL says what it blocks in.
/// Only those assemblies are read, not every package the app loads.
/// </summary>
public static class LeafLibraryGraph
{
    public static CallGraph Read(StackSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        var packages = snapshot.Modules
            .Where(m => m.Origin == ModuleOrigin.Package && !string.IsNullOrWhiteSpace(m.Path))
            .ToDictionary(m => m.Name, m => m.Path, StringComparer.OrdinalIgnoreCase);
        var paths = snapshot.Stacks
            .Select(s => s.Frames.Count > 0 ? s.Frames[0] : null)
            .Where(f => f is { MethodToken: not null, IlOffset: not null })
            .Select(f => packages.GetValueOrDefault(f!.Module))
            .OfType<string>()
            .Distinct(StringComparer.Ordinal)
            .ToList();
        return paths.Count == 0 ? CallGraph.Empty : AssemblyCallGraphReader.Read(paths) with { Sources = new Dictionary<string, string>() };
    }
}
