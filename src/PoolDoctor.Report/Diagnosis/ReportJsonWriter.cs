using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;
using PoolDoctor.Report.Advice;
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
        Converters = { new JsonStringEnumConverter(), new CulpritJson(), new StackGroupJson(), new CounterSampleJson(), new InjectionEventJson(), new AdviceEvidenceJson() },
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

    /// <summary>
    /// Runs the writer once on an empty report and drops the text, so the serializer has built its metadata for every
    /// value type report.json holds and the writer's code is compiled. `diagnose` calls it beside its capture: in a cold
    /// process that work would otherwise sit between the analysis and the file (bench/RESULTS.md, time to culprit).
    /// </summary>
    public static void Prepare() => _ = Write(Empty());

    private static DiagnosisReport Empty() => new(
        new Model.Targets.TargetProcess(0, "", ""), DateTimeOffset.UnixEpoch, 0, [], [],
        new Model.Verdicts.Verdict(Model.Verdicts.VerdictKind.Inconclusive, 0, Model.Verdicts.VerdictRule.WarmingUp, [], null),
        null, [], [], Model.Advice.AdviceSet.None, [], false, null);

    public static Task WriteFileAsync(DiagnosisReport report, string path, CancellationToken cancellationToken = default) =>
        ReportFile.WriteAsync(path, Write(report), cancellationToken);

    // The verdict goes through the one verdict writer; every other value through the serializer and its converters
    // (culprits, counter samples, injections), in the key order docs/report.md lists.
    private static void WriteReport(Utf8JsonWriter json, DiagnosisReport r)
    {
        json.WriteStartObject();
        json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
        json.WriteString("tool", "dotnet-pooldoctor");
        Value(json, "startedUtc", r.StartedUtc);
        json.WriteString("startedAtUtc", Utc(r.StartedUtc));
        json.WriteNumber("durationSeconds", Math.Round(r.DurationSeconds, 3));
        json.WriteBoolean("partial", r.Partial);
        Value(json, "reason", r.PartialReason);
        Target(json, r);
        Tool(json, r.Context?.Tool);
        VerdictJson.WriteFields(json, r.Verdict, "verdict");
        Value(json, "verdictAtSeconds", r.Verdict.AtSeconds);
        Samples(json, r);
        Value(json, "injections", r.Injections);
        Value(json, "capture", r.Capture);
        // Paths relative to report.json, so the folder can be moved or attached whole (`evidence` is the verdict's).
        Value(json, "evidenceFiles", r.Evidence is { } files ? new { nettrace = files.Nettrace, speedscope = files.Speedscope } : null);
        Value(json, "culprits", r.Culprits);
        Value(json, "groups", r.Groups);
        Value(json, "advice", new { fixes = r.Advice.Fixes, minThreads = r.Advice.StopGap });
        Value(json, "compare", r.Compare);
        Load(json, r.Load);
        if (r.Flight is { } flight)
        {
            Flight.FlightJson.Write(json, flight, r.StartedUtc, Options);
        }
        json.WriteEndObject();
    }

    // The load the tool drove: its URLs and connections, and one entry per UTC second (requests completed in it,
    // errors, latency p50/p99 of its responses) on the same clock as the samples' atUtc.
    private static void Load(Utf8JsonWriter json, Model.Load.DrivenLoad? load)
    {
        if (load is null)
        {
            json.WriteNull("load");
            return;
        }
        json.WriteStartObject("load");
        Value(json, "urls", load.Urls);
        json.WriteNumber("connections", load.Connections);
        json.WriteStartArray("series");
        foreach (var second in load.Series)
        {
            json.WriteStartObject();
            json.WriteString("atUtc", Utc(second.AtUtc));
            json.WriteNumber("requests", second.Requests);
            json.WriteNumber("errors", second.Errors);
            Value<double?>(json, "p50Ms", second.P50Ms is { } p50 ? Math.Round(p50, 3) : null);
            Value<double?>(json, "p99Ms", second.P99Ms is { } p99 ? Math.Round(p99, 3) : null);
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>A moment as ISO 8601 UTC with milliseconds and a Z, the form Grafana, Loki and most log lines accept.</summary>
    internal static string Utc(DateTimeOffset at) => at.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture);

    // `target` keeps its first keys (pid, name, commandLine) and gains the context block; `unknown` says why a value is null.
    private static void Target(Utf8JsonWriter json, DiagnosisReport r)
    {
        var c = r.Context?.Target;
        json.WriteStartObject("target");
        json.WriteNumber("pid", r.Target.ProcessId);
        json.WriteString("name", r.Target.Name);
        json.WriteString("commandLine", r.Target.CommandLine);
        Value(json, "runtimeVersion", c?.RuntimeVersion);
        Value(json, "processorCount", c?.ProcessorCount);
        Value(json, "cpuLimit", c?.CpuLimit);
        Value(json, "minWorkerThreads", c?.MinWorkerThreads);
        Value(json, "maxWorkerThreads", c?.MaxWorkerThreads);
        Value(json, "minThreads", r.MinThreads is { } m ? new { workers = m.Workers, source = m.Source } : null);
        json.WriteStartObject("unknown");
        foreach (var (key, why) in c?.Unknown ?? new Dictionary<string, string> { ["context"] = "not gathered by this run" })
        {
            json.WriteString(key, why);
        }
        json.WriteEndObject();
        // Written only when a bound is known, so a report without one keeps the shape earlier versions wrote.
        if (c is { Sources.Count: > 0 })
        {
            json.WriteStartObject("sources");
            foreach (var (key, source) in c.Sources)
            {
                json.WriteString(key, source);
            }
            json.WriteEndObject();
        }
        // The bounds as the target itself gave them (its memory, the runtime's event), oldest first; absent when none.
        if (c is not null && new[] { c.LimitsRead, c.LimitsSet }.OfType<PoolLimits>().OrderBy(l => l.AtUtc).ToList() is { Count: > 0 } readings)
        {
            json.WriteStartArray("liveLimits");
            foreach (var reading in readings)
            {
                json.WriteStartObject();
                json.WriteNumber("minWorkerThreads", reading.MinWorkers);
                json.WriteNumber("maxWorkerThreads", reading.MaxWorkers);
                json.WriteString("atUtc", Utc(reading.AtUtc));
                json.WriteString("how", reading.How == PoolLimitsReadingKind.Memory ? "memory" : "event");
                json.WriteEndObject();
            }
            json.WriteEndArray();
        }
        json.WriteEndObject();
    }

    // `tool` is the tool's name (a string since the first report.json), so its version and command line go beside it.
    private static void Tool(Utf8JsonWriter json, ToolContext? tool)
    {
        json.WriteStartObject("toolInfo");
        json.WriteString("name", "dotnet-pooldoctor");
        Value(json, "version", tool?.Version);
        Value(json, "commandLine", tool?.CommandLine);
        json.WriteEndObject();
    }

    // Each sample as every output writes it, plus its moment in UTC (report.json alone knows when the watch started).
    private static void Samples(Utf8JsonWriter json, DiagnosisReport r)
    {
        json.WriteStartArray("samples");
        foreach (var sample in r.Samples)
        {
            json.WriteStartObject();
            CounterSampleJson.WriteFields(json, sample);
            json.WriteString("atUtc", Utc(r.StartedUtc.AddSeconds(sample.Seconds)));
            json.WriteEndObject();
        }
        json.WriteEndArray();
    }

    private static void Value<T>(Utf8JsonWriter json, string name, T value)
    {
        json.WritePropertyName(name);
        JsonSerializer.Serialize(json, value, Options);
    }
}
