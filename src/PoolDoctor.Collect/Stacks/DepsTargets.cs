using System.Text.Json;

namespace PoolDoctor.Collect.Stacks;

/// <summary>One library of a deps.json target: its "Name/Version" key, its "type" from the document's "libraries",
/// the assemblies it brings at run time and the libraries it depends on.</summary>
internal sealed record DepsLibrary(string Key, string? Type, IReadOnlyList<string> Assemblies, IReadOnlyList<string> Dependencies);

/// <summary>
/// The one walk over a <c>*.deps.json</c> that <see cref="DepsJson"/> (origins) and <see cref="DepsPackages"/> (packages)
/// both read: each target's libraries, typed, with their run-time assemblies by file name without extension. A document
/// of another shape has no targets; a library entry of another shape has no assemblies or dependencies.
/// </summary>
internal static class DepsTargets
{
    public static IReadOnlyList<IReadOnlyList<DepsLibrary>> Of(JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("libraries", out var libraries) || libraries.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("targets", out var targets) || targets.ValueKind != JsonValueKind.Object)
        {
            return [];
        }
        return [.. targets.EnumerateObject()
            .Where(t => t.Value.ValueKind == JsonValueKind.Object)
            .Select(t => (IReadOnlyList<DepsLibrary>)[.. t.Value.EnumerateObject().Select(l => Library(libraries, l))])];
    }

    /// <summary>The targets of a document given as text; none when it is not JSON.</summary>
    public static IReadOnlyList<IReadOnlyList<DepsLibrary>> Parse(string json)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            return Of(document.RootElement);
        }
        catch (JsonException)
        {
            return [];
        }
    }

    private static DepsLibrary Library(JsonElement libraries, JsonProperty library)
    {
        var body = library.Value;
        return new DepsLibrary(library.Name, TypeOf(libraries, library.Name), Names(body, "runtime", AssemblyName), Names(body, "dependencies", n => n));
    }

    private static List<string> Names(JsonElement body, string property, Func<string, string> name) =>
        body.ValueKind == JsonValueKind.Object && body.TryGetProperty(property, out var entries) && entries.ValueKind == JsonValueKind.Object
            ? [.. entries.EnumerateObject().Select(e => name(e.Name))]
            : [];

    private static string AssemblyName(string path) => Path.GetFileNameWithoutExtension(path.Replace('\\', '/').Split('/')[^1]);

    private static string? TypeOf(JsonElement libraries, string library) =>
        libraries.TryGetProperty(library, out var entry) && entry.ValueKind == JsonValueKind.Object
            && entry.TryGetProperty("type", out var type) && type.ValueKind == JsonValueKind.String
            ? type.GetString()
            : null;
}
