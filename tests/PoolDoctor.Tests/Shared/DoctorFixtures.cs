using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Shared;

internal static class DoctorFixtures
{
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter(), new CulpritFromReport(), new StackGroupJson() },
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public static DoctorFixture Load(string name)
    {
        var path = Path.Combine(AppContext.BaseDirectory, "fixtures", "doctor", name);
        var fixture = JsonSerializer.Deserialize<DoctorFixture>(File.ReadAllText(path), Options)
            ?? throw new InvalidOperationException($"empty fixture {name}");
        // A recorded report.json has no top-level core count: every sample carries it.
        return fixture.Cores > 0 ? fixture : fixture with { Cores = fixture.Samples[0].Cores };
    }

    public static Culprit Culprit(string method, BlockingKind kind, string api, int threads = 40, double share = 0.8, params string[] stack) =>
        new(method, kind, api, threads, share, CulpritFrame.Named(stack.Length > 0 ? stack : [api, method]));

    public static DiagnosisReport Report(DoctorFixture f, string targetName = "lab", string? commandLine = null, bool partial = false, string? reason = null)
    {
        var at = f.Samples.Count > 2 ? f.Samples[f.Samples.Count / 2].Seconds : (double?)null;
        var rule = f.Verdict switch
        {
            VerdictKind.Starving => VerdictRule.StarvationInjections,
            VerdictKind.Healthy => VerdictRule.Healthy,
            VerdictKind.BlockingCompensated => VerdictRule.BlockingCompensated,
            VerdictKind.CpuSaturated => VerdictRule.CpuSaturated,
            _ => VerdictRule.WarmingUp,
        };
        var verdict = new Verdict(f.Verdict, 0.9, rule, [EvidenceItem.Text("evidence from the fixture")], at);
        var advice = PoolDoctor.Analysis.Advice.AdviceBuilder.Build(f.Verdict, f.Culprits, f.Samples, f.Cores);
        return new DiagnosisReport(
            new TargetProcess(4242, targetName, commandLine ?? "dotnet lab.dll"),
            new DateTimeOffset(2026, 11, 22, 3, 0, 0, TimeSpan.Zero),
            f.Samples.Count == 0 ? 0 : f.Samples[^1].Seconds,
            f.Samples,
            f.Injections,
            verdict,
            f.Culprits.Count > 0 && at is { } t ? new StackCapture(t, 1, f.Groups.Sum(g => g.Threads), 0) : null,
            f.Culprits,
            f.Groups,
            advice,
            [],
            partial,
            reason)
        {
            Context = Context(f.Cores),
        };
    }

    /// <summary>A fixed context block (a real run reads it from the target), with one unknown of each kind a run meets.</summary>
    public static RunContext Context(int cores) => new(
        new TargetContext("10.0.0", cores, null, null, null, "dotnet lab.dll")
        {
            Unknown = new Dictionary<string, string>
            {
                ["cpuLimit"] = "no CPU quota (cgroup cpu.max is \"max\")",
                ["minWorkerThreads"] = "not readable from outside the process",
                ["maxWorkerThreads"] = "not readable from outside the process",
            },
        },
        new ToolContext("0.1.0-test", "dotnet-pooldoctor diagnose -n lab"));

    // A fixture's culprits are report.json culprits: read by the tool's own reader, as `fix` reads them.
    private sealed class CulpritFromReport : JsonConverter<Culprit>
    {
        public override Culprit Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        {
            using var document = JsonDocument.ParseValue(ref reader);
            return PoolDoctor.Report.Stacks.CulpritJsonReader.Read(document.RootElement);
        }

        public override void Write(Utf8JsonWriter writer, Culprit value, JsonSerializerOptions options) =>
            PoolDoctor.Report.Stacks.CulpritJson.Write(writer, value);
    }
}
