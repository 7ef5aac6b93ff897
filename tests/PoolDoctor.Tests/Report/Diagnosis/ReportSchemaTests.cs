using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;
using Json.Schema;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Tests.Doctor;

/// <summary>report.json against docs/report.schema.json (JSON Schema 2020-12, validated by JsonSchema.Net).</summary>
public sealed class ReportSchemaTests
{
    private static readonly Lazy<JsonSchema> Schema = new(() => JsonSchema.FromText(File.ReadAllText(SchemaPath())));

    public static TheoryData<string> Reports() => ["taskwait", "recorded", "no-context", "partial", "healthy", "no-evidence", "repository-file", "package-upgrade-fix"];

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
    public void A_broken_report_json_fails_the_schema(string breakage)
    {
        var node = JsonNode.Parse(ReportJsonWriter.Write(Report(breakage.StartsWith("repositoryFile", StringComparison.Ordinal) || breakage.EndsWith("frame", StringComparison.Ordinal) ? "repository-file" : "taskwait")))!.AsObject();
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
        }
        Assert.False(Validate(node.ToJsonString()).IsValid, breakage);
    }

    private static Model.Diagnosis.DiagnosisReport Report(string which)
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
            "package-upgrade-fix" => WithFirstFixCode(DoctorFixtures.Report(taskwait), Model.Advice.AdviceCode.None),
            _ => DoctorFixtures.Report(taskwait) with { Evidence = new("capture.nettrace", "capture.speedscope.json") },
        };
    }

    private static Model.Diagnosis.DiagnosisReport WithRepositoryFile(Model.Diagnosis.DiagnosisReport report, string relative)
    {
        var c = report.Culprits[0];
        var site = c.Site with { File = "/home/build/lab/" + relative, Line = 42, RepositoryFile = relative };
        // Every user frame with a line carries its repository path too, not only the call site.
        var frame = new Model.Stacks.SourceLocation("/home/build/lab/src/Lab/Program.cs", 7) { RepositoryFile = "src/Lab/Program.cs" };
        Model.Stacks.SourceLocation?[] chainSources = [frame, new Model.Stacks.SourceLocation(site.File, 42) { RepositoryFile = relative }];
        var exampleSources = c.ExampleStack.Select(_ => (Model.Stacks.SourceLocation?)frame).ToList();
        return report with
        {
            Culprits = [c with { Site = site, Chain = ["Program.Main", c.Method], ChainSources = chainSources, ExampleSources = exampleSources }, .. report.Culprits.Skip(1)],
        };
    }

    private static Model.Diagnosis.DiagnosisReport WithFirstFixCode(Model.Diagnosis.DiagnosisReport report, Model.Advice.AdviceCode code)
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
