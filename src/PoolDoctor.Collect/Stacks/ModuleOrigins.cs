using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Says where each loaded module came from. A path inside a shared framework folder
/// (<c>.../shared/Microsoft.NETCore.App/10.0.1/</c>, <c>Microsoft.AspNetCore.App</c>, ...) is Framework. Otherwise the
/// app's <c>*.deps.json</c> beside the module, when this machine has it, says App or Package. Anything else is Unknown:
/// a trace read on another machine keeps its framework modules and leaves the rest to names. Modules without a file
/// (dynamic methods' assembly) are listed as Unknown.
/// </summary>
public static partial class ModuleOrigins
{
    [GeneratedRegex(@"[\\/]shared[\\/]Microsoft\.[A-Za-z.]+\.App[\\/]", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex SharedFramework();

    public static IReadOnlyList<ModuleInfo> Classify(IEnumerable<LoadedModule> modules) => Classify(modules, FindDepsJson);

    /// <param name="depsJsonIn">The deps.json files of a module directory (as the trace spells it).</param>
    public static IReadOnlyList<ModuleInfo> Classify(IEnumerable<LoadedModule> modules, Func<string, IReadOnlyList<string>> depsJsonIn)
    {
        var known = modules
            .Where(m => !string.IsNullOrEmpty(m.Name))
            .GroupBy(m => m.Name, StringComparer.OrdinalIgnoreCase)
            .Select(g => g.First())
            .ToList();
        var depsByDirectory = new Dictionary<string, IReadOnlyDictionary<string, ModuleOrigin>>(StringComparer.OrdinalIgnoreCase);
        var packagesByDirectory = new Dictionary<string, IReadOnlyDictionary<string, PackageRef>>(StringComparer.OrdinalIgnoreCase);
        return [.. known.Select(m =>
        {
            var origin = Origin(m, depsByDirectory, depsJsonIn);
            return new ModuleInfo(m.Name, m.Path, origin) { Package = origin == ModuleOrigin.Package ? PackageOf(m, packagesByDirectory, depsJsonIn) : null };
        }).OrderBy(m => m.Name, StringComparer.Ordinal)];
    }

    public static bool IsSharedFramework(string path) => SharedFramework().IsMatch(path);

    private static ModuleOrigin Origin(
        LoadedModule module,
        Dictionary<string, IReadOnlyDictionary<string, ModuleOrigin>> depsByDirectory,
        Func<string, IReadOnlyList<string>> depsJsonIn)
    {
        if (IsSharedFramework(module.Path))
        {
            return ModuleOrigin.Framework;
        }
        // In-memory modules (the runtime's "Anonymously Hosted DynamicMethods Assembly" of LCG methods) have no file.
        if (module.Path.IndexOfAny(['/', '\\']) < 0)
        {
            return ModuleOrigin.Unknown;
        }
        var directory = System.IO.Path.GetDirectoryName(module.Path);
        if (string.IsNullOrEmpty(directory))
        {
            return ModuleOrigin.Unknown;
        }
        if (!depsByDirectory.TryGetValue(directory, out var origins))
        {
            origins = Merge(depsJsonIn(directory).Select(DepsJson.Read));
            depsByDirectory[directory] = origins;
        }
        var name = System.IO.Path.GetFileNameWithoutExtension(module.Path);
        return origins.TryGetValue(name, out var origin) || origins.TryGetValue(module.Name, out origin) ? origin : ModuleOrigin.Unknown;
    }

    // The package deps.json names for a Package module (read once per directory, like the origins).
    private static PackageRef? PackageOf(
        LoadedModule module,
        Dictionary<string, IReadOnlyDictionary<string, PackageRef>> byDirectory,
        Func<string, IReadOnlyList<string>> depsJsonIn)
    {
        var directory = System.IO.Path.GetDirectoryName(module.Path);
        if (string.IsNullOrEmpty(directory))
        {
            return null;
        }
        if (!byDirectory.TryGetValue(directory, out var packages))
        {
            var merged = new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase);
            foreach (var (name, package) in depsJsonIn(directory).SelectMany(DepsPackages.Read))
            {
                merged.TryAdd(name, package);
            }
            packages = merged;
            byDirectory[directory] = packages;
        }
        return packages.TryGetValue(System.IO.Path.GetFileNameWithoutExtension(module.Path), out var found)
            || packages.TryGetValue(module.Name, out found) ? found : null;
    }

    private static IReadOnlyDictionary<string, ModuleOrigin> Merge(IEnumerable<IReadOnlyDictionary<string, ModuleOrigin>> files)
    {
        var merged = new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        foreach (var (name, origin) in files.SelectMany(f => f))
        {
            if (!merged.TryGetValue(name, out var known) || origin == ModuleOrigin.App && known != ModuleOrigin.App)
            {
                merged[name] = origin;
            }
        }
        return merged;
    }

    /// <summary>
    /// The deps.json files in a module's directory. A module's path can arrive in lower case (TraceLog lowercased the
    /// path of a module it first met through its module event, and the nettrace reader keeps that spelling), which a
    /// case-sensitive file system does not find, so the directory is also looked up one level at a time ignoring case.
    /// </summary>
    private static IReadOnlyList<string> FindDepsJson(string directory)
    {
        var existing = Directory.Exists(directory) ? directory : MatchIgnoringCase(directory);
        if (existing is null)
        {
            return [];
        }
        try
        {
            return Directory.GetFiles(existing, "*.deps.json");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    private static string? MatchIgnoringCase(string directory)
    {
        var root = System.IO.Path.GetPathRoot(directory);
        if (string.IsNullOrEmpty(root) || !Directory.Exists(root))
        {
            return null;
        }
        var current = root;
        foreach (var part in directory[root.Length..].Split(['/', '\\'], StringSplitOptions.RemoveEmptyEntries))
        {
            var exact = System.IO.Path.Combine(current, part);
            if (Directory.Exists(exact))
            {
                current = exact;
                continue;
            }
            try
            {
                current = Directory.GetDirectories(current)
                    .FirstOrDefault(d => string.Equals(System.IO.Path.GetFileName(d), part, StringComparison.OrdinalIgnoreCase));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return null;
            }
            if (current is null)
            {
                return null;
            }
        }
        return current;
    }
}
