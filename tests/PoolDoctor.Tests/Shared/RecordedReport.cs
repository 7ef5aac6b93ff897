using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Load;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Shared;

/// <summary>
/// A report.json a real `diagnose` wrote, read back into the record the writers take (what report.html and the terminal
/// show of it): the target, samples, injections, verdict, capture, culprits with their call sites and lines, groups,
/// advice, the driven load and the evidence files. Shared by the unit and the browser tests (linked into both).
/// </summary>
internal static class RecordedReport
{
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter(), new EvidenceLineJson(), new StackGroupJson() },
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    /// <summary>report.json holds each advice evidence item as its line; read back, the line is kept as words.</summary>
    private sealed class EvidenceLineJson : JsonConverter<AdviceEvidence>
    {
        public override AdviceEvidence Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
            AdviceEvidence.FromWords(reader.GetString() ?? "");

        public override void Write(Utf8JsonWriter writer, AdviceEvidence value, JsonSerializerOptions options) =>
            throw new NotSupportedException("the tests read recorded reports, they do not write them");
    }

    /// <summary>The README's scenario (`diagnose --load …/taskwait -c 125 -d 15s -- dotnet-pooldoctor lab`) recorded at b202d48:
    /// the action inlined into `dynamicClass.lambda_method89`, its name recovered from the app's IL.</summary>
    public const string ReadmeScenario = "taskwait-inlined-report.json";

    public static string PathOf(string name) => Path.Combine(AppContext.BaseDirectory, "fixtures", "doctor", name);

    public static DiagnosisReport Load(string name)
    {
        var json = JsonNode.Parse(File.ReadAllText(PathOf(name)))!.AsObject();
        var target = json["target"]!;
        var verdict = new Verdict(
            Enum.Parse<VerdictKind>(json["verdict"]!.GetValue<string>()),
            json["confidence"]!.GetValue<double>(),
            Enum.GetValues<VerdictRule>().First(r => r.Name() == json["rule"]!.GetValue<string>()),
            [.. json["evidence"]!.AsArray().Select(e => EvidenceItem.Text(e!.GetValue<string>()))],
            json["verdictAtSeconds"]?.GetValue<double>());
        var capture = json["capture"] is { } c
            ? new StackCapture(c["atSeconds"]!.GetValue<double>(), c["windowSeconds"]!.GetValue<double>(), c["threadsSeen"]!.GetValue<int>(), c["waitsSeen"]!.GetValue<int>())
            : null;
        return new DiagnosisReport(
            new TargetProcess(target["pid"]!.GetValue<int>(), target["name"]!.GetValue<string>(), target["commandLine"]?.GetValue<string>() ?? ""),
            DateTimeOffset.Parse(json["startedUtc"]!.GetValue<string>(), System.Globalization.CultureInfo.InvariantCulture),
            json["durationSeconds"]!.GetValue<double>(),
            json["samples"].Deserialize<List<CounterSample>>(Options)!,
            json["injections"].Deserialize<List<InjectionEvent>>(Options)!,
            verdict,
            capture,
            [.. json["culprits"]!.AsArray().Select(n => Culprit(n!))],
            json["groups"].Deserialize<List<StackGroup>>(Options)!,
            new AdviceSet(json["advice"]!["fixes"].Deserialize<List<CulpritAdvice>>(Options)!, json["advice"]!["minThreads"].Deserialize<MinThreadsAdvice>(Options)),
            [],
            json["partial"]!.GetValue<bool>(),
            json["reason"]?.GetValue<string>())
        {
            Load = json["load"] is { } load ? load.Deserialize<DrivenLoad>(Options) : null,
            Evidence = json["evidenceFiles"] is { } files ? files.Deserialize<KeptCaptureFiles>(Options) : null,
        };
    }

    private static Culprit Culprit(JsonNode n) =>
        new(n["method"]!.GetValue<string>(),
            Enum.Parse<BlockingKind>(n["kind"]!.GetValue<string>()),
            n["api"]!.GetValue<string>(),
            n["threads"]!.GetValue<int>(),
            n["share"]!.GetValue<double>(),
            Frames(n["exampleStack"].Deserialize<List<string>>(Options)!, n["exampleFrames"]),
            n["waitMs"]?.GetValue<double>() ?? 0)
        {
            Chain = Frames(n["chain"].Deserialize<List<string>>(Options) ?? [], n["chainFrames"]),
            Entry = EntryText.Parse(n["entry"]?.GetValue<string>()),
            Flavor = Enum.Parse<FrameFlavor>(n["flavor"]?.GetValue<string>() ?? nameof(FrameFlavor.Method)),
            Site = new CallSite
            {
                Source = Enum.Parse<CallSiteSource>(n["source"]?.GetValue<string>() ?? nameof(CallSiteSource.Stack)),
                Note = n["note"]?.GetValue<string>() is { } note ? CallSiteNote.Words(note) : null,
                File = n["file"]?.GetValue<string>(),
                Line = n["line"]?.GetValue<int>(),
                SourceUrl = n["sourceUrl"]?.GetValue<string>(),
                RepositoryFile = n["repositoryFile"]?.GetValue<string>(),
            },
        };

    // The names as the string array has them, each with its place from the objects' array when the report wrote one.
    private static IReadOnlyList<CulpritFrame> Frames(List<string> names, JsonNode? objects)
    {
        var sources = (objects?.AsArray() ?? []).Select(Source).ToList();
        return [.. names.Select((name, i) => new CulpritFrame(name, i < sources.Count ? sources[i] : null))];
    }

    private static SourceLocation? Source(JsonNode? frame) =>
        frame?["file"] is { } file && frame["line"] is { } line
            ? new SourceLocation(file.GetValue<string>(), line.GetValue<int>()) { RepositoryFile = frame["repositoryFile"]?.GetValue<string>(), SourceUrl = frame["sourceUrl"]?.GetValue<string>() }
            : null;
}
