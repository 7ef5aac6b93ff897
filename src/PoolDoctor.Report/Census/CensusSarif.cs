using System.Text.Json;
using PoolDoctor.Model.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Census;

/// <summary>
/// The census as SARIF 2.1.0: one result per finding, at its call site (artifactLocation.uri relative to the
/// repository's root, region.startLine), so code scanning and editors show it on the line. Rule ids are the blocking
/// kinds; partialFingerprints carry the finding id so a result keeps its identity when lines move.
/// </summary>
public static class CensusSarif
{
    public const string SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";

    public static void Write(Stream stream, CensusResult census, string toolVersion)
    {
        using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
        json.WriteStartObject();
        json.WriteString("$schema", SchemaUri);
        json.WriteString("version", "2.1.0");
        json.WriteStartArray("runs");
        json.WriteStartObject();
        json.WriteStartObject("tool");
        json.WriteStartObject("driver");
        json.WriteString("name", "dotnet-pooldoctor census");
        json.WriteString("version", toolVersion);
        json.WriteStartArray("rules");
        foreach (var kind in census.Findings.Select(f => f.Kind).Distinct().Order())
        {
            json.WriteStartObject();
            json.WriteString("id", RuleId(kind));
            json.WriteString("name", kind.ToString());
            json.WriteStartObject("shortDescription");
            json.WriteString("text", $"Blocking wait on a thread-pool thread: {kind}");
            json.WriteEndObject();
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
        json.WriteEndObject();
        json.WriteStartArray("results");
        foreach (var f in census.Findings)
        {
            Result(json, f);
        }
        json.WriteEndArray();
        json.WriteEndObject();
        json.WriteEndArray();
        json.WriteEndObject();
    }

    // A relative URI reference: each segment escaped (a space is %20), '/' between them.
    private static string RelativeUri(string path) => string.Join('/', path.Replace('\\', '/').Split('/').Select(Uri.EscapeDataString));

    internal static string RuleId(Model.Stacks.BlockingKind kind) => $"PD-{kind}";

    private static void Result(Utf8JsonWriter json, CensusFinding f)
    {
        json.WriteStartObject();
        json.WriteString("ruleId", RuleId(f.Kind));
        json.WriteString("level", "warning");
        json.WriteStartObject("message");
        json.WriteString("text", CensusLocation.Message(f));
        json.WriteEndObject();
        if (CensusLocation.File(f) is { } file)
        {
            json.WriteStartArray("locations");
            json.WriteStartObject();
            json.WriteStartObject("physicalLocation");
            json.WriteStartObject("artifactLocation");
            if (f.Site.RepositoryFile is not null)
            {
                json.WriteString("uri", RelativeUri(f.Site.RepositoryFile));
                json.WriteString("uriBaseId", "%SRCROOT%");
            }
            else
            {
                // No repository root known: the PDB's path as an absolute file URI (SARIF §3.10.3), not a bare path.
                json.WriteString("uri", Path.IsPathRooted(file) ? new Uri(file).AbsoluteUri : RelativeUri(file));
            }
            json.WriteEndObject();
            if (f.Site.Line is { } line and > 0)
            {
                json.WriteStartObject("region");
                json.WriteNumber("startLine", line);
                json.WriteEndObject();
            }
            json.WriteEndObject();
            json.WriteStartArray("logicalLocations");
            json.WriteStartObject();
            json.WriteString("fullyQualifiedName", f.Method);
            json.WriteString("kind", "function");
            json.WriteEndObject();
            json.WriteEndArray();
            json.WriteEndObject();
            json.WriteEndArray();
        }
        json.WriteStartObject("partialFingerprints");
        json.WriteString("poolDoctorFinding/v1", f.Id);
        json.WriteEndObject();
        json.WriteStartObject("properties");
        json.WriteString("api", f.Api);
        if (f.Entry is not null)
        {
            json.WriteString("entry", EntryText.Of(f.Entry));
        }
        json.WriteNumber("count", f.Count);
        json.WriteNumber("totalBlockedMs", Math.Round(f.TotalBlockedMs, 1));
        json.WriteNumber("maxBlockedMs", Math.Round(f.MaxBlockedMs, 1));
        json.WriteEndObject();
        json.WriteEndObject();
    }
}
