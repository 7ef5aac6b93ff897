using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The one reader of what <see cref="ReportJsonWriter"/> (report.json of diagnose and watch) and the stacks JSON of
/// `stacks`/`analyze --format json` write, into the Model's own records: the <c>culprits</c> array at the top or one
/// level down, each through <see cref="CulpritJsonReader"/>, and the MinThreads stop-gap of <c>advice.minThreads</c>.
/// A file that is none of these gives an <see cref="InvalidDataException"/> whose message is one line naming it.
/// </summary>
public static class ReportJsonReader
{
    public static IReadOnlyList<Culprit> Culprits(string path)
    {
        using var document = Parse(path);
        if (CulpritsArray(document.RootElement) is not { } culprits)
        {
            throw new InvalidDataException($"'{path}' holds no culprits array (a report.json of diagnose or watch, or stacks/analyze --format json)");
        }
        try
        {
            return [.. culprits.EnumerateArray().Where(c => c.ValueKind == JsonValueKind.Object).Select(CulpritJsonReader.Read)];
        }
        catch (InvalidDataException e)
        {
            throw new InvalidDataException($"'{path}': {e.Message}", e);
        }
    }

    /// <summary>The MinThreads stop-gap the report computed (<c>advice.minThreads.value</c>, docs/report.md), or null when it has none.</summary>
    public static int? MinThreads(string path)
    {
        using var document = Parse(path);
        var root = document.RootElement;
        return root.ValueKind == JsonValueKind.Object
            && root.TryGetProperty("advice", out var advice) && advice.ValueKind == JsonValueKind.Object
            && advice.TryGetProperty("minThreads", out var gap) && gap.ValueKind == JsonValueKind.Object
            && gap.TryGetProperty("value", out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var n) ? n : null;
    }

    /// <summary>The file's JSON, bounded and checked as UTF-8 (<see cref="ReportBytes"/>); shared with the census's reader.</summary>
    internal static JsonDocument Parse(string path)
    {
        var bytes = ReportBytes.Read(path);
        // The parser checks UTF-8 only where it must; a string read later would throw an InvalidOperationException
        // (fuzz/regressions/report-json), so the whole file is checked here, once.
        if (!System.Text.Unicode.Utf8.IsValid(bytes))
        {
            throw new InvalidDataException($"'{path}' is not a report: it is not UTF-8 text (a report is UTF-8 JSON)");
        }
        try
        {
            return JsonDocument.Parse(bytes);
        }
        catch (JsonException e)
        {
            // Where, not the parser's message: that quotes the file's bytes, line breaks and all.
            throw new InvalidDataException($"'{path}' is not a report (invalid JSON at line {e.LineNumber + 1}, byte {e.BytePositionInLine + 1})", e);
        }
    }

    private static JsonElement? CulpritsArray(JsonElement root)
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
}
