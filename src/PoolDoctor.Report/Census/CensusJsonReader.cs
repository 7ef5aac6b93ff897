using System.Text.Json;
using PoolDoctor.Model;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Census;

/// <summary>
/// census.json as <see cref="CensusJson"/> writes it, read back into the Model's own <see cref="CensusResult"/> (the
/// kind a <see cref="BlockingKind"/>, the call site a <see cref="CallSite"/>): the one reader behind a baseline
/// (<see cref="CensusBaselineFile"/>) and `fix census.json --finding N`. The writer and this reader sit side by side so
/// a key is renamed in both or in neither. The file is read bounded, as a report is (<see cref="ReportBytes"/>); what
/// is not a census gives an <see cref="InvalidDataException"/> whose message is one line naming the file.
/// </summary>
public static class CensusJsonReader
{
    public static CensusResult Read(string path)
    {
        using var document = ReportJsonReader.Parse(path);
        return Read(document.RootElement, path);
    }

    /// <summary>The census in <paramref name="path"/>, or null when the file's JSON is not one (no <c>"kind": "census"</c>
    /// at its root): how `fix` tells a census from a report by content, whatever the file is named.</summary>
    public static CensusResult? TryRead(string path)
    {
        using var document = ReportJsonReader.Parse(path);
        return IsCensus(document.RootElement) ? Read(document.RootElement, path) : null;
    }

    public static bool IsCensus(JsonElement root) =>
        root.ValueKind == JsonValueKind.Object && String(root, "kind") == "census";

    public static CensusResult Read(JsonElement root, string path)
    {
        if (!IsCensus(root) || !root.TryGetProperty("findings", out var findings) || findings.ValueKind != JsonValueKind.Array)
        {
            throw new InvalidDataException($"'{path}' is not a census (no \"kind\": \"census\" with a findings array)");
        }
        var read = new List<CensusFinding>();
        foreach (var f in findings.EnumerateArray())
        {
            read.Add(Finding(f, read.Count + 1, path));
        }
        var processes = root.TryGetProperty("processes", out var p) && p.ValueKind == JsonValueKind.Array
            ? p.EnumerateArray().Where(e => e.ValueKind == JsonValueKind.Object)
                .Select(e => new CensusProcess(Int(e, "processId") ?? 0, String(e, "name") ?? "?", Int(e, "waits") ?? 0, Int(e, "poolWaits") ?? 0)).ToList()
            : [];
        return new CensusResult(read, processes) { Notes = Strings(root, "notes") };
    }

    private static CensusFinding Finding(JsonElement f, int number, string path)
    {
        if (f.ValueKind != JsonValueKind.Object || String(f, "id") is not { } id)
        {
            throw new InvalidDataException($"'{path}': a finding has no string \"id\"");
        }
        var kindText = String(f, "kind");
        if (!Enum.TryParse<BlockingKind>(kindText, ignoreCase: false, out var kind) || !Enum.IsDefined(kind))
        {
            // Both strings come from the file: escaped, so a line break in them cannot split the refusal's one line.
            throw new InvalidDataException($"'{path}': finding {number} ({OneLineText.Escape(id)}) has kind '{(kindText is null ? "(none)" : OneLineText.Escape(kindText))}', not one of {string.Join(", ", Enum.GetNames<BlockingKind>())}");
        }
        return new CensusFinding(id, String(f, "method") ?? "?", kind, String(f, "api") ?? "?")
        {
            Entry = EntryText.Parse(String(f, "entry")),
            Site = new CallSite { File = String(f, "file"), RepositoryFile = String(f, "repositoryFile"), Line = Int(f, "line") },
            Package = f.TryGetProperty("package", out var package) && package.ValueKind == JsonValueKind.Object && String(package, "name") is { } name
                ? new PackageRef(name, String(package, "version") ?? "", Direct: false)
                : null,
            PackageMethod = String(f, "packageMethod"),
            UserFrame = String(f, "userFrame"),
            Processes = Strings(f, "processes"),
            Count = Int(f, "count") ?? 0,
            TotalBlockedMs = Double(f, "totalBlockedMs") ?? 0,
            MaxBlockedMs = Double(f, "maxBlockedMs") ?? 0,
            FirstSeenSeconds = Double(f, "firstSeenSeconds") ?? 0,
            ExampleStack = Strings(f, "exampleStack"),
        };
    }

    private static IReadOnlyList<string> Strings(JsonElement e, string key) =>
        e.TryGetProperty(key, out var array) && array.ValueKind == JsonValueKind.Array
            ? [.. array.EnumerateArray().Where(s => s.ValueKind == JsonValueKind.String).Select(s => s.GetString()!)]
            : [];

    private static string? String(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static int? Int(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var n) ? n : null;

    private static double? Double(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetDouble(out var n) ? n : null;
}
