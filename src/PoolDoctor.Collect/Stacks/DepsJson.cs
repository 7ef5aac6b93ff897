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

    public static IReadOnlyDictionary<string, ModuleOrigin> Parse(string json) => Origins(DepsTargets.Parse(json));

    internal static Dictionary<string, ModuleOrigin> Origins(JsonElement root) => Origins(DepsTargets.Of(root));

    private static Dictionary<string, ModuleOrigin> Origins(IReadOnlyList<IReadOnlyList<DepsLibrary>> targets)
    {
        var origins = new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        foreach (var library in targets.SelectMany(t => t))
        {
            if (Origin(library.Type) is not { } origin)
            {
                continue;
            }
            foreach (var name in library.Assemblies)
            {
                // An assembly listed twice keeps the strongest claim: the app's own code wins.
                if (!origins.TryGetValue(name, out var known) || origin == ModuleOrigin.App || known == ModuleOrigin.Unknown)
                {
                    origins[name] = origin;
                }
            }
        }
        return origins;
    }

    private static ModuleOrigin? Origin(string? type) => type switch
    {
        "project" => ModuleOrigin.App,
        "package" or "reference" => ModuleOrigin.Package,
        "runtimepack" => ModuleOrigin.Framework,
        _ => null,
    };
}
