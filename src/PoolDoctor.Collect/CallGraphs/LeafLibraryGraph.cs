using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Reads the IL of the library assemblies whose frames may hide what tier-1 code compiled into them:
/// <list type="bullet">
/// <item>a package frame at the top of a sampled stack with a known IL offset: its wait (<c>Monitor.Wait</c> and the
/// runtime call under it leave no managed frame) can be compiled into it, so the stack ends there and only its IL
/// says what it blocks in;</item>
/// <item>a framework or package frame right below a package frame of another assembly, with no frame of the app above
/// it: the methods between the two (a rate limiter's <c>AttemptAcquireCore</c> of the package the app references,
/// run by the framework's partitioned limiter) can be inlined into it. Its assembly, the callee's, and the packages
/// the app references directly are read, so its IL at the sampled offset leads to the callee through them;</item>
/// <item>a framework frame with only the runtime's frames (a wait) above it: an override of a package's may have been
/// inlined into it (<see cref="DevirtualizedCallerModules"/>).</item>
/// </list>
/// Only those assemblies are read, not every one the app loads; <c>System.Private.CoreLib</c> never (its frames run
/// delegates, which the IL cannot follow, and reading it costs seconds).
/// </summary>
public static class LeafLibraryGraph
{
    private const string CoreLib = "System.Private.CoreLib";

    public static CallGraph Read(StackSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        var modules = snapshot.Modules
            .Where(m => m.Origin is ModuleOrigin.Package or ModuleOrigin.Framework && !string.IsNullOrWhiteSpace(m.Path)
                && !m.Name.Equals(CoreLib, StringComparison.OrdinalIgnoreCase))
            .GroupBy(m => m.Name, StringComparer.OrdinalIgnoreCase)
            .ToDictionary(g => g.Key, g => g.First(), StringComparer.OrdinalIgnoreCase);
        var app = snapshot.Modules.Where(m => m.Origin == ModuleOrigin.App).Select(m => m.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var read = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var inliners = false;
        foreach (var frames in snapshot.Stacks.Select(s => s.Frames))
        {
            if (frames.Count > 0 && IsPackage(frames[0], modules) && frames[0].MethodToken is not null)
            {
                read.Add(frames[0].Module);
            }
            for (var i = 1; i < frames.Count && !app.Contains(frames[i - 1].Module); i++)
            {
                var (caller, callee) = (frames[i], frames[i - 1]);
                // A caller's method is enough: a dump's tier-1 frame has no statement, and the analysis then tries all
                // of the method's calls.
                if (caller.MethodToken is not null && modules.ContainsKey(caller.Module) && IsPackage(callee, modules)
                    && !caller.Module.Equals(callee.Module, StringComparison.OrdinalIgnoreCase))
                {
                    read.Add(caller.Module);
                    read.Add(callee.Module);
                    inliners = true;
                }
            }
        }
        if (inliners)
        {
            read.UnionWith(modules.Values.Where(m => m.Package is { Direct: true }).Select(m => m.Name));
        }
        read.UnionWith(DevirtualizedCallerModules.Find(snapshot, modules));
        var paths = read.Select(name => modules.GetValueOrDefault(name)?.Path).OfType<string>().Distinct(StringComparer.Ordinal).ToList();
        return paths.Count == 0 ? CallGraph.Empty : AssemblyCallGraphReader.Read(paths) with { Sources = new Dictionary<string, string>() };
    }

    /// <summary>The packages' methods the graph read and the calls into them, as frames (the runtime's spelling): the
    /// analysis may put them on a stack (<c>InlinedLibraryFrames</c>), and their declaring types' metadata says which
    /// async twins exist, as for a sampled frame.</summary>
    public static IEnumerable<StackFrame> PackageMembers(CallGraph graph, IReadOnlyList<ModuleInfo> modules)
    {
        ArgumentNullException.ThrowIfNull(graph);
        ArgumentNullException.ThrowIfNull(modules);
        var packages = modules.Where(m => m.Origin == ModuleOrigin.Package).Select(m => m.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var types = graph.Types.Where(t => packages.Contains(t.Module)).GroupBy(t => t.FullName, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        StackFrame? Frame(string type, string method) =>
            types.TryGetValue(type, out var t) ? new StackFrame(t.Module, RuntimeType(t) + "." + method) : null;
        return graph.Methods
            .Select(m => Frame(m.TypeFullName, m.Method))
            .Concat(graph.Methods.SelectMany(m => m.Calls).Select(c => Frame(c.TargetTypeFullName, c.TargetMethod)))
            .OfType<StackFrame>()
            .Distinct();
    }

    // "Ns.Outer.Inner" (nested types joined by dots) -> "Ns.Outer+Inner", as frames and metadata spell it.
    private static string RuntimeType(IlType type) =>
        type.Namespace.Length > 0 && type.FullName.StartsWith(type.Namespace + ".", StringComparison.Ordinal)
            ? type.Namespace + "." + type.FullName[(type.Namespace.Length + 1)..].Replace('.', '+')
            : type.FullName.Replace('.', '+');

    private static bool IsPackage(StackFrame frame, Dictionary<string, ModuleInfo> modules) =>
        modules.TryGetValue(frame.Module, out var module) && module.Origin == ModuleOrigin.Package;
}
