using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// The assemblies to read when a pool thread waits right under a framework frame: the runtime's own frames (a wait)
/// on top, then a method of the shared framework, with nothing of the app or a package between. Tier-1 code may have
/// inlined a package's or the app's override into that framework method (guarded devirtualization: the framework's
/// rate limiter calling a package's limiter), so the sampled stack hides where the wait was called. The framework
/// frame's assembly, the packages the app references directly (whose overrides may be the ones inlined), and the
/// framework assemblies those packages reference (where the base types they override live, so a path from the
/// framework frame to the override can be followed) are read; the analysis decides from their IL.
/// </summary>
internal static class DevirtualizedCallerModules
{
    private const string CoreLib = "System.Private.CoreLib";

    public static IReadOnlySet<string> Find(StackSnapshot snapshot, IReadOnlyDictionary<string, ModuleInfo> libraries)
    {
        var read = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var frames in snapshot.Stacks.Select(s => s.Frames).Distinct())
        {
            if (Caller(frames, libraries) is { } caller)
            {
                read.Add(caller.Module);
            }
        }
        if (read.Count == 0)
        {
            return read;
        }
        var direct = libraries.Values.Where(m => m.Package is { Direct: true }).ToList();
        read.UnionWith(direct.Select(m => m.Name));
        foreach (var package in direct)
        {
            read.UnionWith(References(package.Path).Where(r => !r.Equals(CoreLib, StringComparison.OrdinalIgnoreCase)
                && libraries.TryGetValue(r, out var module) && module.Origin == ModuleOrigin.Framework));
        }
        return read;
    }

    // The innermost frame that is not the runtime's own, on a pool thread's stack with at least one runtime frame
    // above it: a shared-framework method the analysis can read.
    private static StackFrame? Caller(IReadOnlyList<StackFrame> frames, IReadOnlyDictionary<string, ModuleInfo> libraries)
    {
        var first = 0;
        while (first < frames.Count && frames[first].Module.Equals(CoreLib, StringComparison.OrdinalIgnoreCase))
        {
            first++;
        }
        if (first == 0 || first == frames.Count || frames[first].MethodToken is null
            || !libraries.TryGetValue(frames[first].Module, out var module) || module.Origin != ModuleOrigin.Framework
            || !frames.Skip(first).Any(IsPoolDispatch))
        {
            return null;
        }
        return frames[first];
    }

    private static bool IsPoolDispatch(StackFrame frame) =>
        frame.Method == "System.Threading.ThreadPoolWorkQueue.Dispatch"; // work the pool runs, not an idle worker

    private static IEnumerable<string> References(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            if (!pe.HasMetadata)
            {
                return [];
            }
            var metadata = pe.GetMetadataReader();
            return [.. metadata.AssemblyReferences.Select(h => metadata.GetString(metadata.GetAssemblyReference(h).Name))];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or BadImageFormatException or InvalidOperationException)
        {
            return []; // an unreadable package: its overrides are not followed
        }
    }
}
