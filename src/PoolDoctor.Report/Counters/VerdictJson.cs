using System.Text.Json;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// The one JSON shape of a verdict: its kind, confidence, rule and evidence, as sentences (<c>evidence</c>) and as
/// figures (<c>evidenceItems</c>, added after <c>evidence</c> so the keys before it keep their order). A `counters` line nests it under
/// <c>verdict</c> (kind as <c>kind</c>); `detect` and report.json write it flat at the top (kind as <c>verdict</c>, so
/// `jq .verdict` works). Keys are an interface (docs/cli.md, docs/report.md).
/// </summary>
public static class VerdictJson
{
    /// <summary>The verdict's keys into an object the caller has opened; <paramref name="kindKey"/> names the kind.</summary>
    public static void WriteFields(Utf8JsonWriter json, Verdict verdict, string kindKey)
    {
        json.WriteString(kindKey, verdict.Kind.ToString());
        JsonNumbers.Write(json, "confidence", verdict.Confidence);
        json.WriteString("rule", verdict.Rule.Name());
        json.WriteStartArray("evidence");
        foreach (var item in verdict.Evidence)
        {
            json.WriteStringValue(EvidenceText.Line(item));
        }
        json.WriteEndArray();
        json.WriteStartArray("evidenceItems");
        foreach (var item in verdict.Evidence)
        {
            EvidenceItemJson.Write(json, item);
        }
        json.WriteEndArray();
    }

    /// <summary>The verdict as an object of its own, as a `counters` line carries it.</summary>
    public static void WriteObject(Utf8JsonWriter json, Verdict verdict)
    {
        json.WriteStartObject();
        WriteFields(json, verdict, "kind");
        json.WriteEndObject();
    }
}
