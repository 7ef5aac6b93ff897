using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;
using Json.Schema;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>report.json against docs/report.schema.json (JSON Schema 2020-12, validated by JsonSchema.Net).</summary>
public sealed class ReportSchemaTests
{
    private static readonly Lazy<JsonSchema> Schema = new(() => JsonSchema.FromText(File.ReadAllText(SchemaPath())));

    public static TheoryData<string> Reports() => ["taskwait", "recorded", "no-context", "partial", "healthy", "no-evidence", "repository-file", "package-upgrade-fix", "detector-evidence", "flight-recorder", "live-limits"];

    [Theory]
    [MemberData(nameof(Reports))]
    public void Report_json_validates_against_the_schema_in_docs(string which)
    {
        var result = Validate(ReportJsonWriter.Write(Report(which)));
        Assert.True(result.IsValid, Errors(result));
    }

    [Theory]
    [InlineData("remove verdict")]
    [InlineData("atUtc as a number")]
    [InlineData("unknown key in target")]
    [InlineData("schemaVersion 0")]
    [InlineData("runtimeVersion as a number")]
    [InlineData("evidence file as an absolute path")]
    [InlineData("evidenceFiles without speedscope")]
    [InlineData("repositoryFile as an absolute path")]
    [InlineData("rule not a rule's name")]
    [InlineData("repositoryFile of a frame as an absolute path")]
    [InlineData("unknown key in a frame")]
    [InlineData("evidence item kind not a kind's name")]
    [InlineData("unknown key in an evidence item")]
    [InlineData("evidence item without its figure")]
    [InlineData("flight recorder wait kind not a kind")]
    [InlineData("flight recorder without its onset")]
    public void A_broken_report_json_fails_the_schema(string breakage)
    {
        var which = breakage.StartsWith("repositoryFile", StringComparison.Ordinal) || breakage.EndsWith("frame", StringComparison.Ordinal) ? "repository-file"
            : breakage.StartsWith("flight", StringComparison.Ordinal) ? "flight-recorder" : "taskwait";
        var node = JsonNode.Parse(ReportJsonWriter.Write(Report(which)))!.AsObject();
        switch (breakage)
        {
            case "remove verdict": node.Remove("verdict"); break;
            case "atUtc as a number": node["samples"]![0]!["atUtc"] = 3; break;
            case "unknown key in target": node["target"]!["surprise"] = 1; break;
            case "schemaVersion 0": node["schemaVersion"] = 0; break;
            case "runtimeVersion as a number": node["target"]!["runtimeVersion"] = 10; break;
            case "evidence file as an absolute path": node["evidenceFiles"]!["nettrace"] = "/tmp/capture.nettrace"; break;
            case "evidenceFiles without speedscope": node["evidenceFiles"]!.AsObject().Remove("speedscope"); break;
            case "repositoryFile as an absolute path": node["culprits"]![0]!["repositoryFile"] = "/home/build/src/Lab/DiagScenarioController.cs"; break;
            case "rule not a rule's name": node["rule"] = "starvation injections while the queue grows"; break;
            case "repositoryFile of a frame as an absolute path": node["culprits"]![0]!["chainFrames"]![0]!["repositoryFile"] = "/home/build/src/Lab/Program.cs"; break;
            case "unknown key in a frame": node["culprits"]![0]!["exampleFrames"]![0]!["surprise"] = 1; break;
            case "evidence item kind not a kind's name": node["evidenceItems"]![0]!["kind"] = "queue length"; break;
            case "unknown key in an evidence item": node["evidenceItems"]![0]!["surprise"] = 1; break;
            case "evidence item without its figure": node["evidenceItems"]![0]!.AsObject().Remove("figure"); break;
            case "flight recorder wait kind not a kind": node["flightRecorder"]!["onset"]!["firstWaits"]![0]!["kind"] = "Sleep"; break;
            case "flight recorder without its onset": node["flightRecorder"]!.AsObject().Remove("onset"); break;
        }
        Assert.False(Validate(node.ToJsonString()).IsValid, breakage);
    }

    private static PoolDoctor.Model.Diagnosis.DiagnosisReport Report(string which)
    {
        var taskwait = DoctorFixtures.Load("taskwait.json");
        return which switch
        {
            "recorded" => DoctorFixtures.Report(DoctorFixtures.Load("taskwait-recorded-report.json")),
            "no-context" => DoctorFixtures.Report(taskwait) with { Context = null },
            "partial" => DoctorFixtures.Report(taskwait, partial: true, reason: "the target exited"),
            "healthy" => DoctorFixtures.Report(taskwait with { Verdict = VerdictKind.Healthy, Culprits = [], Groups = [] }),
            "no-evidence" => DoctorFixtures.Report(taskwait),
            "repository-file" => WithRepositoryFile(DoctorFixtures.Report(taskwait), "src/Lab/DiagScenarioController.cs"),
            // A fix that is a package upgrade shows no code ("code": "none"), which the schema once refused.
            "package-upgrade-fix" => WithFirstFixCode(DoctorFixtures.Report(taskwait), PoolDoctor.Model.Advice.AdviceCode.None),
            // The detector's own items on a recorded series, and the MinThreads note a compensated report ends with.
            "detector-evidence" => DoctorFixtures.Report(taskwait) with { Verdict = DetectorVerdict() },
            "flight-recorder" => DoctorFixtures.Report(taskwait) with { Flight = Flight() },
            "live-limits" => WithLiveLimits(DoctorFixtures.Report(taskwait)),
            _ => DoctorFixtures.Report(taskwait) with { Evidence = new("capture.nettrace", "capture.speedscope.json") },
        };
    }

    // The pool's bounds read from the target's memory, then changed by a SetMinThreads call the runtime reported.
    private static PoolDoctor.Model.Diagnosis.DiagnosisReport WithLiveLimits(PoolDoctor.Model.Diagnosis.DiagnosisReport report)
    {
        var at = new DateTimeOffset(2026, 11, 28, 9, 41, 0, TimeSpan.Zero);
        var target = new PoolDoctor.Model.Diagnosis.TargetContext("10.0.0", 2, null, null, null, "dotnet app.dll")
        {
            LimitsRead = new PoolDoctor.Model.Targets.PoolLimits(2, 32767, at, PoolDoctor.Model.Targets.PoolLimitsReadingKind.Memory),
            LimitsSet = new PoolDoctor.Model.Targets.PoolLimits(64, 32767, at.AddSeconds(3), PoolDoctor.Model.Targets.PoolLimitsReadingKind.Event),
        };
        return report with { Context = new PoolDoctor.Model.Diagnosis.RunContext(PoolBounds.Resolve(target, null), new PoolDoctor.Model.Diagnosis.ToolContext("0.1.0-test", "x")) };
    }

    // A calm sample, two queued ones, and a burst of Monitor.Wait between: a window with an onset and a first wait.
    internal static PoolDoctor.Model.Flight.FlightRecording Flight()
    {
        var recorder = new PoolDoctor.Analysis.Flight.FlightRecorder(new PoolDoctor.Model.Flight.FlightLimits(30), 2);
        PoolDoctor.Model.Counters.CounterSample Sample(double s, double queue) => new(s, 10, queue, 50, 20, 2, 0, 10);
        recorder.Add(new PoolDoctor.Model.Counters.CounterInterval(Sample(1, 0), []));
        for (var i = 0; i < 6; i++)
        {
            recorder.Add(new PoolDoctor.Model.Flight.WaitEvent(1.5 + i * 0.01, 100 + i, PoolDoctor.Model.Flight.WaitKind.MonitorWait));
        }
        recorder.Add(new PoolDoctor.Model.Counters.CounterInterval(Sample(2, 40), [new PoolDoctor.Model.Counters.InjectionEvent(1.9, 3, PoolDoctor.Model.Counters.AdjustmentReason.CooperativeBlocking, 0)]));
        recorder.Add(new PoolDoctor.Model.Counters.CounterInterval(Sample(3, 80), []));
        return recorder.Snapshot(3);
    }

    [Fact]
    public void The_flight_recorders_section_says_the_onset_in_the_html()
    {
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { Flight = Flight() });
        Assert.Contains("id=\"flight-recorder\"", html, StringComparison.Ordinal);
        Assert.Contains("queue above the core count since 1.0 s before the trigger (last calm sample 2.0 s before the trigger)", html, StringComparison.Ordinal);
        Assert.Contains("first Monitor.Wait (Task.Wait/.Result, SemaphoreSlim.Wait) 1.5 s before the trigger (6 from then to the trigger", html, StringComparison.Ordinal);
    }

    private static Verdict DetectorVerdict()
    {
        var series = CounterFixtures.Load("compensated/diagnose-minthreads300-1");
        var verdict = StarvationDetector.FirstFinding(series.Samples, series.Injections, series.Cores)!;
        var culprit = new PoolDoctor.Model.Stacks.Culprit("DiagScenarioController.TaskWait", PoolDoctor.Model.Stacks.BlockingKind.SyncOverAsync, "Task.Result", 153, 0.74, []);
        var note = CompensationNote.Describe(verdict, [culprit], new PoolDoctor.Model.Targets.ConfiguredMinThreads(300, "DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C"), 167)!;
        return verdict with { Evidence = [.. verdict.Evidence, note] };
    }

    [Fact]
    public void The_schema_names_every_evidence_kind_figure_and_unit()
    {
        var items = JsonNode.Parse(File.ReadAllText(SchemaPath()))!["$defs"]!["evidenceItem"]!["properties"]!;
        static List<string?> Enum(JsonNode node) => [.. node["enum"]!.AsArray().Select(v => v?.GetValue<string>())];

        Assert.Equal([.. System.Enum.GetValues<EvidenceKind>().Select(k => k.Name())], Enum(items["kind"]!));
        Assert.Equal([.. System.Enum.GetValues<FigureName>().Select(k => k.Name())], Enum(items["figures"]!["items"]!["properties"]!["name"]!));
        Assert.Equal([null, .. System.Enum.GetValues<EvidenceUnit>().Where(u => u != EvidenceUnit.None).Select(u => u.Name())], Enum(items["unit"]!));
    }

    private static PoolDoctor.Model.Diagnosis.DiagnosisReport WithRepositoryFile(PoolDoctor.Model.Diagnosis.DiagnosisReport report, string relative)
    {
        var c = report.Culprits[0];
        var site = c.Site with { File = "/home/build/lab/" + relative, Line = 42, RepositoryFile = relative };
        // Every user frame with a line carries its repository path too, not only the call site.
        var frame = new PoolDoctor.Model.Stacks.SourceLocation("/home/build/lab/src/Lab/Program.cs", 7) { RepositoryFile = "src/Lab/Program.cs" };
        PoolDoctor.Model.Stacks.CulpritFrame[] chain = [new("Program.Main", frame), new(c.Method, new PoolDoctor.Model.Stacks.SourceLocation(site.File, 42) { RepositoryFile = relative })];
        var example = c.Example.Select(f => f with { Source = frame }).ToList();
        return report with
        {
            Culprits = [c with { Site = site, Chain = chain, Example = example }, .. report.Culprits.Skip(1)],
        };
    }

    private static PoolDoctor.Model.Diagnosis.DiagnosisReport WithFirstFixCode(PoolDoctor.Model.Diagnosis.DiagnosisReport report, PoolDoctor.Model.Advice.AdviceCode code)
    {
        var fixes = report.Advice.Fixes;
        Assert.NotEmpty(fixes);
        return report with { Advice = report.Advice with { Fixes = [fixes[0] with { Code = code }, .. fixes.Skip(1)] } };
    }

    private static EvaluationResults Validate(string json)
    {
        using var doc = JsonDocument.Parse(json);
        return Schema.Value.Evaluate(doc.RootElement.Clone(), new EvaluationOptions { OutputFormat = OutputFormat.List });
    }

    private static string Errors(EvaluationResults result) =>
        string.Join('\n', (result.Details ?? []).Where(d => d.Errors is { Count: > 0 })
            .SelectMany(d => d.Errors!.Select(e => $"{d.InstanceLocation} ({d.EvaluationPath}): {e.Key}: {e.Value}")).Take(20));

    private static string SchemaPath([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", "..", "docs", "report.schema.json"));
}
