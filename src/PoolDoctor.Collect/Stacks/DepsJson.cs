using System.Text.Json;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Reads an app's <c>*.deps.json</c> into the origin of each assembly it lists: the libraries' "type" says project
/// (the app's own code), package (NuGet) or runtimepack (the framework copied into a self-contained app), and the
/// targets' "runtime" entries name the assemblies each library brings.
/// </summary>
public static class DepsJson
{
    /// <summary>Assembly name (file name without extension, case-insensitive) to origin; empty when unreadable.</summary>
    public static IReadOnlyDictionary<string, ModuleOrigin> Read(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var document = JsonDocument.Parse(stream);
            return Origins(document.RootElement);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException)
        {
            return new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        }
    }

    public static IReadOnlyDictionary<string, ModuleOrigin> Parse(string json)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            return Origins(document.RootElement);
        }
        catch (JsonException)
        {
            return new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        }
    }

    internal static Dictionary<string, ModuleOrigin> Origins(JsonElement root)
    {
        var origins = new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        if (root.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("libraries", out var libraries) || libraries.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("targets", out var targets) || targets.ValueKind != JsonValueKind.Object)
        {
            return origins;
        }
        foreach (var target in targets.EnumerateObject().Where(t => t.Value.ValueKind == JsonValueKind.Object))
        {
            foreach (var library in target.Value.EnumerateObject())
            {
                if (Origin(libraries, library.Name) is not { } origin
                    || library.Value.ValueKind != JsonValueKind.Object
                    || !library.Value.TryGetProperty("runtime", out var runtime) || runtime.ValueKind != JsonValueKind.Object)
                {
                    continue;
                }
                foreach (var assembly in runtime.EnumerateObject())
                {
                    var name = System.IO.Path.GetFileNameWithoutExtension(assembly.Name.Replace('\\', '/').Split('/')[^1]);
                    // An assembly listed twice keeps the strongest claim: the app's own code wins.
                    if (!origins.TryGetValue(name, out var known) || origin == ModuleOrigin.App || known == ModuleOrigin.Unknown)
                    {
                        origins[name] = origin;
                    }
                }
            }
        }
        return origins;
    }

    private static ModuleOrigin? Origin(JsonElement libraries, string library)
    {
        if (!libraries.TryGetProperty(library, out var entry) || entry.ValueKind != JsonValueKind.Object
            || !entry.TryGetProperty("type", out var type) || type.ValueKind != JsonValueKind.String)
        {
            return null;
        }
        return type.GetString() switch
        {
            "project" => ModuleOrigin.App,
            "package" or "reference" => ModuleOrigin.Package,
            "runtimepack" => ModuleOrigin.Framework,
            _ => null,
        };
    }
}
