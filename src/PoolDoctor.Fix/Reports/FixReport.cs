using System.Text.Json;

namespace PoolDoctor.Fix.Reports;

/// <summary>
/// What `fix` reads from a report.json (`diagnose`, `watch`, `analyze`): the stop-gap's MinThreads and the culprits
/// with their call sites. Only the keys fix needs; docs/report.md describes them.
/// </summary>
public sealed record FixReport(string Path, int? MinThreads, IReadOnlyList<FixCulprit> Culprits)
{
    public static FixReport Read(string path)
    {
        string text;
        try
        {
            text = File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new FixException($"{path}: cannot read the report ({e.Message})");
        }
        try
        {
            using var json = JsonDocument.Parse(text);
            var root = json.RootElement;
            if (root.ValueKind != JsonValueKind.Object || !root.TryGetProperty("culprits", out var culprits) || culprits.ValueKind != JsonValueKind.Array)
            {
                throw new FixException($"{path}: not a PoolDoctor report (no culprits array); give the report.json that diagnose, watch or analyze wrote");
            }
            int? minThreads = root.TryGetProperty("advice", out var advice) && advice.ValueKind == JsonValueKind.Object
                && advice.TryGetProperty("minThreads", out var gap) && gap.ValueKind == JsonValueKind.Object
                && gap.TryGetProperty("value", out var value) && value.TryGetInt32(out var n) ? n : null;
            return new FixReport(path, minThreads, [.. culprits.EnumerateArray().Select(FixCulprit.Read)]);
        }
        catch (JsonException e)
        {
            throw new FixException($"{path}: not valid JSON ({e.Message})");
        }
    }
}

/// <summary>One culprit as the report names it: the call site, what it blocks in, and its source line when known.</summary>
public sealed record FixCulprit(string Method, string Kind, string Api, string? File, int? Line)
{
    internal static FixCulprit Read(JsonElement c) => new(
        Text(c, "method") ?? "?",
        Text(c, "kind") ?? "?",
        Text(c, "api") ?? "?",
        Text(c, "file"),
        c.TryGetProperty("line", out var line) && line.TryGetInt32(out var n) ? n : null);

    private static string? Text(JsonElement c, string name) =>
        c.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    public string Location => File is null ? Method : Line is { } n ? $"{File}:{n}" : File;
}
