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

    public static string Write(DiagnosisReport report) => JsonSerializer.Serialize(Shape(report), Options);

    public static Task WriteFileAsync(DiagnosisReport report, string path, CancellationToken cancellationToken = default) =>
        ReportFile.WriteAsync(path, Write(report), cancellationToken);

    private static object Shape(DiagnosisReport r) => new
    {
        tool = "dotnet-pooldoctor",
        startedUtc = r.StartedUtc,
        durationSeconds = Math.Round(r.DurationSeconds, 3),
        partial = r.Partial,
        reason = r.PartialReason,
        target = new { pid = r.Target.ProcessId, name = r.Target.Name, commandLine = r.Target.CommandLine },
        verdict = r.Verdict.Kind,
        confidence = r.Verdict.Confidence,
        rule = r.Verdict.Rule,
        evidence = r.Verdict.Evidence,
        verdictAtSeconds = r.Verdict.AtSeconds,
        samples = r.Samples,
        injections = r.Injections,
        capture = r.Capture,
        culprits = r.Culprits,
        groups = r.Groups,
        advice = new { fixes = r.Advice.Fixes, minThreads = r.Advice.StopGap },
        compare = r.Compare,
    };
}
