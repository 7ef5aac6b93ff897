using System.Reflection.PortableExecutable;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Reads the call graph of the app's own assemblies from their IL (and portable PDBs for source lines), so a
/// blocking call the JIT inlined out of the sampled stack can still be traced to the user method that makes it.
/// Never throws for bad input: a missing file, a file that is not a .NET assembly or corrupt metadata skips that
/// assembly, bad IL skips that method; both are listed in <see cref="CallGraph.Skipped"/>.
/// </summary>
public static class AssemblyCallGraphReader
{
    public static CallGraph Read(IEnumerable<string> assemblyPaths)
    {
        ArgumentNullException.ThrowIfNull(assemblyPaths);
        var methods = new List<IlMethod>();
        var types = new List<IlType>();
        var pages = new List<RazorPage>();
        var skipped = new List<SkippedInput>();
        var sources = new Dictionary<string, string>(StringComparer.Ordinal);
        var checksums = new Dictionary<string, SourceChecksum>(StringComparer.Ordinal);
        var budget = MaxSourceChars;
        foreach (var path in assemblyPaths.Where(p => !string.IsNullOrWhiteSpace(p)).Distinct(StringComparer.Ordinal))
        {
            ReadOne(path, methods, types, pages, skipped, sources, checksums, ref budget);
        }
        return new CallGraph(methods, types) { Skipped = skipped, Sources = sources, Checksums = checksums, RazorPages = pages };
    }

    /// <summary>The call graph of the app's own assemblies among a capture's modules (origin
    /// <see cref="ModuleOrigin.App"/>): framework and package code is not where the user's fix goes.</summary>
    public static CallGraph ReadApp(IEnumerable<ModuleInfo> modules)
    {
        ArgumentNullException.ThrowIfNull(modules);
        return Read(modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrWhiteSpace(m.Path)).Select(m => m.Path));
    }

    // All the app's source text kept at most: the advice quotes a few lines of it, a huge app must not cost gigabytes.
    private const long MaxSourceChars = 32L * 1024 * 1024;

    private static void ReadOne(string path, List<IlMethod> methods, List<IlType> types, List<RazorPage> pages, List<SkippedInput> skipped, Dictionary<string, string> sources, Dictionary<string, SourceChecksum> checksums, ref long budget)
    {
        if (!File.Exists(path))
        {
            skipped.Add(new SkippedInput(path, "no such file"));
            return;
        }
        try
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            if (!pe.HasMetadata)
            {
                skipped.Add(new SkippedInput(path, "not a .NET assembly"));
                return;
            }
            using var lines = PdbLines.Open(pe, path);
            var module = new ModuleCallGraph(pe, Path.GetFileNameWithoutExtension(path), lines, path);
            // Collected apart so an assembly that fails halfway adds nothing.
            var moduleMethods = module.Methods(skipped);
            var moduleTypes = module.Types();
            var modulePages = module.RazorPages();
            methods.AddRange(moduleMethods);
            types.AddRange(moduleTypes);
            pages.AddRange(modulePages);
            lines.ReadSources(sources, ref budget);
            lines.ReadChecksums(checksums);
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException or InvalidOperationException)
        {
            skipped.Add(new SkippedInput(path, "unreadable assembly: " + e.Message));
        }
    }
}
