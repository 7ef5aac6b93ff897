using System.Globalization;
using System.Text.Json;
using PoolDoctor.Lab.Scenarios;

namespace PoolDoctor.IntegrationTests.Corpus;

/// <summary>
/// With POOLDOCTOR_ACCURACY_TABLE=FILE, each corpus scenario appends one markdown row of what `diagnose` said, so
/// docs/accuracy.md holds one table from one run (verdict, call site, chain, entry, kind, seconds to verdict and culprit).
/// </summary>
internal static class AccuracyTable
{
    private static readonly object Gate = new();

    /// <summary>The configuration the tests, and so the tool and the lab they reference, were built in.</summary>
#if DEBUG
    private const string Build = "Debug";
#else
    private const string Build = "Release";
#endif

    public static void Append(LabScenario scenario, JsonElement report) =>
        Write(scenario, report, report.GetProperty("verdict").GetString() ?? "–");

    /// <summary>
    /// A row for `analyze` of a core dump: the dump has no verdict (one instant, no counters' history), so the verdict
    /// column says how the dump was taken, and the seconds columns stay empty.
    /// </summary>
    public static void AppendDump(LabScenario scenario, JsonElement analysis, string how) => Write(scenario, analysis, $"dump ({how})");

    /// <summary>A dump row for one of several shapes starving one target: the culprit that serves the scenario's entry.</summary>
    public static void AppendDump(LabScenario scenario, JsonElement analysis, JsonElement culprit, string how) =>
        Write(scenario, analysis, $"dump ({how})", culprit);

    private static void Write(LabScenario scenario, JsonElement report, string verdict, JsonElement? culprit = null)
    {
        if (Environment.GetEnvironmentVariable("POOLDOCTOR_ACCURACY_TABLE") is not { Length: > 0 } path)
        {
            return;
        }
        var culprits = report.GetProperty("culprits");
        var top = culprit ?? (culprits.GetArrayLength() > 0 ? culprits[0] : (JsonElement?)null);
        string Text(string key) => top is { } t && t.TryGetProperty(key, out var v) && v.ValueKind == JsonValueKind.String ? v.GetString()! : "–";
        var chain = top is { } c && c.TryGetProperty("chain", out var links) ? string.Join(" → ", links.EnumerateArray().Select(l => l.GetString())) : "–";
        var verdictAt = report.TryGetProperty("verdictAtSeconds", out var at) && at.ValueKind == JsonValueKind.Number ? Seconds(at.GetDouble()) : "–";
        var culpritAt = report.TryGetProperty("capture", out var capture) && capture.ValueKind == JsonValueKind.Object
            ? Seconds(capture.GetProperty("atSeconds").GetDouble() + capture.GetProperty("windowSeconds").GetDouble())
            : "–";
        var expected = scenario.Blocking ? $"{scenario.CallSite} / {scenario.Kind}" : "healthy";
        var share = top is { } s ? (s.GetProperty("share").GetDouble() * 100).ToString("0", CultureInfo.InvariantCulture) + " %" : "–";
        var row = $"| {scenario.Host} | {Build} | `{scenario.Route}` | {expected} | {verdict} | `{Text("method")}` | {Text("kind")} | {share} | {chain} | {Text("entry")} | {Text("source")} | {verdictAt} | {culpritAt} |";
        lock (Gate)
        {
            File.AppendAllText(path, row.Replace("\n", " ", StringComparison.Ordinal) + "\n");
        }
    }

    private static string Seconds(double value) => value.ToString("0.0", CultureInfo.InvariantCulture);
}
