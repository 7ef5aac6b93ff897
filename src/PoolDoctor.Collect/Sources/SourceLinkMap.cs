using System.Reflection.Metadata;
using System.Text.Json;

namespace PoolDoctor.Collect.Sources;

/// <summary>
/// A PDB's Source Link map (the JSON custom debug information on the module): local path patterns to URLs, e.g.
/// <c>/src/app/*</c> → <c>https://raw.githubusercontent.com/org/app/COMMIT/*</c>. Empty when the PDB has none.
/// </summary>
internal sealed class SourceLinkMap
{
    public static readonly Guid Kind = new("CC110556-A091-4D38-9FEC-25AB9A351A6A");

    private readonly List<(string Local, string Url, bool Wildcard)> _documents;

    private SourceLinkMap(List<(string, string, bool)> documents) => _documents = documents;

    public static SourceLinkMap Empty { get; } = new([]);

    public static SourceLinkMap Read(MetadataReader pdb)
    {
        foreach (var handle in pdb.GetCustomDebugInformation(EntityHandle.ModuleDefinition))
        {
            var info = pdb.GetCustomDebugInformation(handle);
            if (pdb.GetGuid(info.Kind) == Kind)
            {
                return Parse(pdb.GetBlobBytes(info.Value));
            }
        }
        return Empty;
    }

    public static SourceLinkMap Parse(byte[] json)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            if (!document.RootElement.TryGetProperty("documents", out var documents) || documents.ValueKind != JsonValueKind.Object)
            {
                return Empty;
            }
            var entries = new List<(string, string, bool)>();
            foreach (var entry in documents.EnumerateObject())
            {
                if (entry.Value.GetString() is not { } url)
                {
                    continue;
                }
                var wildcard = entry.Name.EndsWith('*') && url.Contains('*', StringComparison.Ordinal);
                entries.Add((wildcard ? entry.Name[..^1] : entry.Name, url, wildcard));
            }
            // The longest local prefix is the most specific mapping (a submodule inside the repository).
            entries.Sort((a, b) => b.Item1.Length.CompareTo(a.Item1.Length));
            return new SourceLinkMap(entries);
        }
        catch (JsonException)
        {
            return Empty;
        }
    }

    /// <summary>The URL of a document, or null when no pattern covers it.</summary>
    public string? UrlOf(string document)
    {
        foreach (var (local, url, wildcard) in _documents)
        {
            if (!wildcard)
            {
                if (string.Equals(document, local, StringComparison.OrdinalIgnoreCase))
                {
                    return url;
                }
                continue;
            }
            if (document.StartsWith(local, StringComparison.OrdinalIgnoreCase))
            {
                var rest = document[local.Length..].Replace('\\', '/');
                var star = url.IndexOf('*', StringComparison.Ordinal);
                return url[..star] + Uri.EscapeDataString(rest).Replace("%2F", "/", StringComparison.Ordinal) + url[(star + 1)..];
            }
        }
        return null;
    }
}
