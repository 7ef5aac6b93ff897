using System.Text.Json;

namespace PoolDoctor.Fix.Reports;

/// <summary>
/// Reads the culprits of a report.json (diagnose, watch) or of `stacks`/`analyze --format json` output: the
/// <c>culprits</c> array at the top or one level down. Anything else is refused with one line.
/// </summary>
public static class ReportReader
{
    public static IReadOnlyList<ReportCulprit> Read(string path)
    {
        var bytes = ReportBytes.Read(path);
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(bytes);
        }
        catch (JsonException e)
        {
            throw new FixRefusedException($"'{path}' is not a report (invalid JSON: {e.Message.Split('\n')[0]})");
        }
        using (document)
        {
            if (Culprits(document.RootElement) is not { } culprits)
            {
                throw new FixRefusedException($"'{path}' holds no culprits array (a report.json of diagnose or watch, or stacks/analyze --format json)");
            }
            return [.. culprits.EnumerateArray().Select(Culprit)];
        }
    }

    public static ReportCulprit Pick(IReadOnlyList<ReportCulprit> culprits, int number, string path)
    {
        if (culprits.Count == 0)
        {
            throw new FixRefusedException($"'{path}' names no culprit: nothing to fix");
        }
        if (number < 1 || number > culprits.Count)
        {
            throw new FixRefusedException($"--culprit {number}: '{path}' has {culprits.Count} culprit(s), numbered from 1");
        }
        return culprits[number - 1];
    }

    private static JsonElement? Culprits(JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object)
        {
            return null;
        }
        if (root.TryGetProperty("culprits", out var top) && top.ValueKind == JsonValueKind.Array)
        {
            return top;
        }
        foreach (var property in root.EnumerateObject())
        {
            if (property.Value.ValueKind == JsonValueKind.Object
                && property.Value.TryGetProperty("culprits", out var nested) && nested.ValueKind == JsonValueKind.Array)
            {
                return nested;
            }
        }
        return null;
    }

    private static ReportCulprit Culprit(JsonElement c) =>
        new(String(c, "method") ?? "?", String(c, "kind") ?? "?", String(c, "api") ?? "?")
        {
            HeldAcross = String(c, "heldAcross"),
            File = String(c, "file"),
            Line = Int(c, "line"),
            Entry = String(c, "entry"),
            Source = String(c, "source"),
            Package = c.TryGetProperty("package", out var package) && package.ValueKind == JsonValueKind.Object ? String(package, "name") : null,
            Checksum = Checksum(c),
            Chain = Chain(c),
        };

    // chainFrames carries each frame's line; older reports have only the chain's names.
    private static IReadOnlyList<ChainFrame> Chain(JsonElement c)
    {
        if (c.TryGetProperty("chainFrames", out var frames) && frames.ValueKind == JsonValueKind.Array)
        {
            return [.. frames.EnumerateArray().Select(f => new ChainFrame(String(f, "method") ?? "?", String(f, "file"), Int(f, "line")) { Checksum = Checksum(f) })];
        }
        if (c.TryGetProperty("chain", out var chain) && chain.ValueKind == JsonValueKind.Array)
        {
            return [.. chain.EnumerateArray().Where(f => f.ValueKind == JsonValueKind.String).Select(f => new ChainFrame(f.GetString()!, null, null))];
        }
        return [];
    }

    private static SourceChecksum? Checksum(JsonElement e) =>
        e.TryGetProperty("sourceChecksum", out var sum) && sum.ValueKind == JsonValueKind.Object
            && String(sum, "algorithm") is { } algorithm && String(sum, "hex") is { } hex
            ? new SourceChecksum(algorithm, hex)
            : null;

    private static string? String(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static int? Int(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var n) ? n : null;
}
