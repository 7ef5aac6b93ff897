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
    public static IReadOnlyDictionary<string, PackageRef> Parse(string json)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            return Packages(document.RootElement);
        }
        catch (JsonException)
        {
            return new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase);
        }
    }

    internal static Dictionary<string, PackageRef> Packages(JsonElement root)
    {
        var packages = new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase);
        if (root.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("libraries", out var libraries) || libraries.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("targets", out var targets) || targets.ValueKind != JsonValueKind.Object)
        {
            return packages;
        }
        foreach (var target in targets.EnumerateObject().Where(t => t.Value.ValueKind == JsonValueKind.Object))
        {
            var direct = DirectDependencies(libraries, target.Value);
            foreach (var library in target.Value.EnumerateObject().Where(l => l.Value.ValueKind == JsonValueKind.Object))
            {
                if (TypeOf(libraries, library.Name) != "package" || library.Name.Split('/') is not [var name, var version]
                    || !library.Value.TryGetProperty("runtime", out var runtime) || runtime.ValueKind != JsonValueKind.Object)
                {
                    continue;
                }
                var package = new PackageRef(name, version, direct.Contains(name));
                foreach (var assembly in runtime.EnumerateObject())
                {
                    packages.TryAdd(Path.GetFileNameWithoutExtension(assembly.Name.Replace('\\', '/').Split('/')[^1]), package);
                }
            }
        }
        return packages;
    }

    // The packages the app's own projects name in their dependencies: the ones the user chose and can upgrade.
    private static HashSet<string> DirectDependencies(JsonElement libraries, JsonElement target)
    {
        var direct = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var library in target.EnumerateObject())
        {
            if (TypeOf(libraries, library.Name) == "project" && library.Value.ValueKind == JsonValueKind.Object
                && library.Value.TryGetProperty("dependencies", out var dependencies) && dependencies.ValueKind == JsonValueKind.Object)
            {
                direct.UnionWith(dependencies.EnumerateObject().Select(d => d.Name));
            }
        }
        return direct;
    }

    private static string? TypeOf(JsonElement libraries, string library) =>
        libraries.TryGetProperty(library, out var entry) && entry.ValueKind == JsonValueKind.Object
            && entry.TryGetProperty("type", out var type) && type.ValueKind == JsonValueKind.String
            ? type.GetString()
            : null;
}
