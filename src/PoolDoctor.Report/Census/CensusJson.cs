using System.Text.Json;
using PoolDoctor.Model.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Census;

/// <summary>
/// census.json: the findings with their ids, the processes followed and the notes. Keys are an interface (docs/census.md);
/// a baseline is a census.json, of which only the ids are read back (<see cref="CensusBaselineFile"/>).
/// </summary>
public static class CensusJson
{
    public static void Write(Stream stream, CensusResult census)
    {
        using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
        json.WriteStartObject();
        json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
        json.WriteString("kind", "census");
        json.WriteStartArray("findings");
        foreach (var f in census.Findings)
        {
            Finding(json, f);
        }
        json.WriteEndArray();
        json.WriteStartArray("processes");
        foreach (var p in census.Processes)
        {
            json.WriteStartObject();
            json.WriteNumber("processId", p.ProcessId);
            json.WriteString("name", p.Name);
            json.WriteNumber("waits", p.Waits);
            json.WriteNumber("poolWaits", p.PoolWaits);
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteStartArray("notes");
        foreach (var note in CensusNotes.Of(census))
        {
            json.WriteStringValue(note);
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    private static void Finding(Utf8JsonWriter json, CensusFinding f)
    {
        json.WriteStartObject();
        json.WriteString("id", f.Id);
        json.WriteString("method", f.Method);
        json.WriteString("kind", f.Kind.ToString());
        json.WriteString("api", f.Api);
        Optional(json, "entry", EntryText.Of(f.Entry));
        Optional(json, "file", f.Site.File);
        Optional(json, "repositoryFile", f.Site.RepositoryFile);
        if (f.Site.Line is { } line)
        {
            json.WriteNumber("line", line);
        }
        if (f.Package is { } package)
        {
            json.WriteStartObject("package");
            json.WriteString("name", package.Name);
            json.WriteString("version", package.Version);
            json.WriteEndObject();
        }
        Optional(json, "packageMethod", f.PackageMethod);
        Optional(json, "userFrame", f.UserFrame);
        json.WriteStartArray("processes");
        foreach (var p in f.Processes)
        {
            json.WriteStringValue(p);
        }
        json.WriteEndArray();
        json.WriteNumber("count", f.Count);
        json.WriteNumber("totalBlockedMs", Math.Round(f.TotalBlockedMs, 1));
        json.WriteNumber("maxBlockedMs", Math.Round(f.MaxBlockedMs, 1));
        json.WriteNumber("firstSeenSeconds", Math.Round(f.FirstSeenSeconds, 2));
        json.WriteStartArray("exampleStack");
        foreach (var frame in f.ExampleStack)
        {
            json.WriteStringValue(frame);
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    private static void Optional(Utf8JsonWriter json, string name, string? value)
    {
        if (value is not null)
        {
            json.WriteString(name, value);
        }
    }
}
