using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// report.json: the whole diagnosis as one object. Keys are an interface (documented in docs/report.md):
/// the verdict is flat at the top (<c>verdict</c>, <c>confidence</c>, <c>verdictAtSeconds</c>) so `jq .verdict` works,
/// culprits keep the keys the `stacks --format json` output uses.
/// </summary>
public static class ReportJsonWriter
{
    internal static readonly JsonSerializerOptions Options = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        WriteIndented = true,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        Converters = { new JsonStringEnumConverter(), new CulpritJson(), new CounterSampleJson(), new InjectionEventJson() },
    };

    public static string Write(DiagnosisReport report)
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true, Encoder = Options.Encoder }))
        {
            WriteReport(json, report);
        }
        return System.Text.Encoding.UTF8.GetString(buffer.ToArray());
    }

    public static Task WriteFileAsync(DiagnosisReport report, string path, CancellationToken cancellationToken = default) =>
        ReportFile.WriteAsync(path, Write(report), cancellationToken);

    // The verdict goes through the one verdict writer; every other value through the serializer and its converters
    // (culprits, counter samples, injections), in the key order docs/report.md lists.
    private static void WriteReport(Utf8JsonWriter json, DiagnosisReport r)
    {
        json.WriteStartObject();
        json.WriteString("tool", "dotnet-pooldoctor");
        Value(json, "startedUtc", r.StartedUtc);
        json.WriteNumber("durationSeconds", Math.Round(r.DurationSeconds, 3));
        json.WriteBoolean("partial", r.Partial);
        Value(json, "reason", r.PartialReason);
        Value(json, "target", new
        {
            pid = r.Target.ProcessId,
            name = r.Target.Name,
            commandLine = r.Target.CommandLine,
            minThreads = r.MinThreads is { } m ? new { workers = m.Workers, source = m.Source } : null,
        });
        VerdictJson.WriteFields(json, r.Verdict, "verdict");
        Value(json, "verdictAtSeconds", r.Verdict.AtSeconds);
        Value(json, "samples", r.Samples);
        Value(json, "injections", r.Injections);
        Value(json, "capture", r.Capture);
        Value(json, "culprits", r.Culprits);
        Value(json, "groups", r.Groups);
        Value(json, "advice", new { fixes = r.Advice.Fixes, minThreads = r.Advice.StopGap });
        Value(json, "compare", r.Compare);
        json.WriteEndObject();
    }

    private static void Value<T>(Utf8JsonWriter json, string name, T value)
    {
        json.WritePropertyName(name);
        JsonSerializer.Serialize(json, value, Options);
    }
}
