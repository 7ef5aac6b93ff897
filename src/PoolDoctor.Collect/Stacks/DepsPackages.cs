using System.Text.Json;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Reads which NuGet package each assembly of an app came from, from its <c>*.deps.json</c>: a target's library
/// "Name/Version" of type package lists its assemblies under "runtime"; a package is direct when one of the app's own
/// projects (type project) lists it under its "dependencies", transitive otherwise. This is where package boundaries
/// come from: never from the names of packages.
/// </summary>
public static class DepsPackages
{
    /// <summary>Assembly name (file name without extension, case-insensitive) to its package; empty when unreadable.</summary>
    public static IReadOnlyDictionary<string, PackageRef> Parse(string json) => Packages(DepsTargets.Parse(json));

    internal static Dictionary<string, PackageRef> Packages(JsonElement root) => Packages(DepsTargets.Of(root));

    private static Dictionary<string, PackageRef> Packages(IReadOnlyList<IReadOnlyList<DepsLibrary>> targets)
    {
        var packages = new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase);
        foreach (var target in targets)
        {
            // The packages the app's own projects name in their dependencies: the ones the user chose and can upgrade.
            var direct = target.Where(l => l.Type == "project").SelectMany(l => l.Dependencies).ToHashSet(StringComparer.OrdinalIgnoreCase);
            foreach (var library in target)
            {
                if (library.Type != "package" || library.Key.Split('/') is not [var name, var version])
                {
                    continue;
                }
                var package = new PackageRef(name, version, direct.Contains(name));
                foreach (var assembly in library.Assemblies)
                {
                    packages.TryAdd(assembly, package);
                }
            }
        }
        return packages;
    }
}
