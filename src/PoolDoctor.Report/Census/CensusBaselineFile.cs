using System.Text.Json;

namespace PoolDoctor.Report.Census;

/// <summary>A baseline is a census.json written by `--update-baseline` (or `--format json`): its finding ids and blocked times.</summary>
public static class CensusBaselineFile
{
    /// <summary>Each finding's id and total blocked ms. Throws <see cref="FormatException"/> with one line when the file is no census.</summary>
    public static IReadOnlyDictionary<string, double> Read(string path)
    {
        try
        {
            using var document = JsonDocument.Parse(File.ReadAllBytes(path));
            if (document.RootElement.ValueKind != JsonValueKind.Object
                || !document.RootElement.TryGetProperty("kind", out var kind) || kind.ValueKind != JsonValueKind.String || kind.GetString() != "census"
                || !document.RootElement.TryGetProperty("findings", out var findings) || findings.ValueKind != JsonValueKind.Array)
            {
                throw new FormatException($"'{path}' is not a census (no \"kind\": \"census\" with a findings array)");
            }
            var ids = new Dictionary<string, double>(StringComparer.Ordinal);
            foreach (var finding in findings.EnumerateArray())
            {
                if (finding.ValueKind != JsonValueKind.Object || !finding.TryGetProperty("id", out var id) || id.ValueKind != JsonValueKind.String)
                {
                    throw new FormatException($"'{path}': a finding has no string \"id\"");
                }
                ids[id.GetString()!] = finding.TryGetProperty("totalBlockedMs", out var ms) && ms.ValueKind == JsonValueKind.Number ? ms.GetDouble() : 0;
            }
            return ids;
        }
        catch (JsonException e)
        {
            throw new FormatException($"'{path}' is not valid JSON ({e.Message.ReplaceLineEndings(" ")})", e);
        }
    }
}
