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
public static partial class ModuleOriginReader
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
        // Each directory's deps.json files are listed and parsed once, for the origins and the packages alike.
        var depsByDirectory = new Dictionary<string, DirectoryDeps>(StringComparer.OrdinalIgnoreCase);
        DirectoryDeps DepsOf(string directory)
        {
            if (!depsByDirectory.TryGetValue(directory, out var deps))
            {
                deps = DirectoryDeps.Merge([.. depsJsonIn(directory).Select(DepsFile.Read)]);
                depsByDirectory[directory] = deps;
            }
            return deps;
        }
        return [.. known.Select(m =>
        {
            var origin = Origin(m, DepsOf);
            return new ModuleInfo(m.Name, m.Path, origin) { Package = origin == ModuleOrigin.Package ? PackageOf(m, DepsOf) : null };
        }).OrderBy(m => m.Name, StringComparer.Ordinal)];
    }

    public static bool IsSharedFramework(string path) => SharedFramework().IsMatch(path);

    // A package loaded straight from the NuGet cache (a test host's probing paths do this): ~/.nuget/packages/ID/VERSION/.
    [GeneratedRegex(@"[\\/]\.nuget[\\/]packages[\\/]([^\\/]+)[\\/]([^\\/]+)[\\/]", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex NuGetCache();

    private static ModuleOrigin Origin(LoadedModule module, Func<string, DirectoryDeps> depsOf)
    {
        if (IsSharedFramework(module.Path))
        {
            return ModuleOrigin.Framework;
        }
        if (NuGetCache().IsMatch(module.Path))
        {
            return ModuleOrigin.Package;
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
        var origins = depsOf(directory).Origins;
        var name = System.IO.Path.GetFileNameWithoutExtension(module.Path);
        return origins.TryGetValue(name, out var origin) || origins.TryGetValue(module.Name, out origin) ? origin : ModuleOrigin.Unknown;
    }

    // The package deps.json names for a Package module.
    private static PackageRef? PackageOf(LoadedModule module, Func<string, DirectoryDeps> depsOf)
    {
        if (NuGetCache().Match(module.Path) is { Success: true } cached)
        {
            return new PackageRef(cached.Groups[1].Value, cached.Groups[2].Value, Direct: false);
        }
        var directory = System.IO.Path.GetDirectoryName(module.Path);
        if (string.IsNullOrEmpty(directory))
        {
            return null;
        }
        var packages = depsOf(directory).Packages;
        return packages.TryGetValue(System.IO.Path.GetFileNameWithoutExtension(module.Path), out var found)
            || packages.TryGetValue(module.Name, out found) ? found : null;
    }

    /// <summary>What a directory's deps.json files say together.</summary>
    private sealed record DirectoryDeps(IReadOnlyDictionary<string, ModuleOrigin> Origins, IReadOnlyDictionary<string, PackageRef> Packages)
    {
        public static DirectoryDeps Merge(IReadOnlyList<DepsFile> files)
        {
            // An assembly two files list keeps the strongest origin (the app's own code wins) and the first package.
            var origins = new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
            foreach (var (name, origin) in files.SelectMany(f => f.Origins))
            {
                if (!origins.TryGetValue(name, out var known) || origin == ModuleOrigin.App && known != ModuleOrigin.App)
                {
                    origins[name] = origin;
                }
            }
            var packages = new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase);
            foreach (var (name, package) in files.SelectMany(f => f.Packages))
            {
                packages.TryAdd(name, package);
            }
            return new DirectoryDeps(origins, packages);
        }
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
