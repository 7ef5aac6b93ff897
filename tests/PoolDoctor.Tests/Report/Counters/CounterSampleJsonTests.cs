using System.Text.Json;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Counters;

public sealed class CounterSampleJsonTests
{
    private static readonly CounterSample Sample = new(12.3456, 17, 240.126, 35.5, 1.25, 2, 0.5, 3.1415, RunnableWorkers: 0.75);
    private static readonly Verdict Starving = new(VerdictKind.Starving, 0.85, VerdictRule.StarvationInjections,
        [new EvidenceItem(EvidenceKind.QueueLength) { Figure = 240.126, Unit = EvidenceUnit.Items, Threshold = 2, ThresholdPerCore = 1, Cores = 2 }], 12.3);

    [Fact]
    public void A_sample_and_a_verdict_read_the_same_in_a_counters_line_detect_json_and_report_json()
    {
        var line = JsonDocument.Parse(CounterJson.IntervalLine(new CounterInterval(Sample, []), Starving)).RootElement;
        var detect = JsonDocument.Parse(CounterJson.DetectResult(new DetectOutcome(Starving, 1.5, false, 42, 2, 0.1, [Sample], []))).RootElement;
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { Samples = [Sample], Verdict = Starving };
        var json = JsonDocument.Parse(ReportJsonWriter.Write(report)).RootElement;

        // schemaVersion belongs to the line as a document; atUtc to report.json, which alone knows when the watch started.
        var fromLine = Keys(line, except: ["injections", "injectionsPerSecond", "verdict", "schemaVersion"]);
        Assert.Equal(fromLine, Keys(detect.GetProperty("samples")[0]));
        Assert.Equal(fromLine, Keys(json.GetProperty("samples")[0], except: ["atUtc"]));
        Assert.Contains(("runnableWorkers", "0.75"), fromLine);
        Assert.Contains(("queueLength", "240.13"), fromLine);

        var nested = line.GetProperty("verdict");
        foreach (var top in new[] { detect, json })
        {
            Assert.Equal(nested.GetProperty("kind").GetString(), top.GetProperty("verdict").GetString());
            Assert.Equal(nested.GetProperty("confidence").GetDouble(), top.GetProperty("confidence").GetDouble());
            Assert.Equal(nested.GetProperty("rule").GetString(), top.GetProperty("rule").GetString());
            Assert.Equal(Lines(nested.GetProperty("evidence")), Lines(top.GetProperty("evidence")));
            Assert.True(JsonElement.DeepEquals(nested.GetProperty("evidenceItems"), top.GetProperty("evidenceItems")));
        }
    }

    [Fact]
    public void Evidence_items_carry_the_sentence_and_its_figures()
    {
        var item = JsonDocument.Parse(CounterJson.DetectResult(new DetectOutcome(Starving, 1.5, false, 42, 2, 0.1, [Sample], []))).RootElement
            .GetProperty("evidenceItems")[0];

        Assert.Equal("queue-length", item.GetProperty("kind").GetString());
        Assert.Equal("queue length 240 (threshold 2 = 1x 2 core(s))", item.GetProperty("text").GetString());
        Assert.Equal(240.126, item.GetProperty("figure").GetDouble());
        Assert.Equal("items", item.GetProperty("unit").GetString());
        Assert.Equal(2, item.GetProperty("threshold").GetDouble());
        Assert.Equal(JsonValueKind.Null, item.GetProperty("windowSeconds").ValueKind);
    }

    [Fact]
    public void A_figure_that_could_not_be_computed_is_written_as_NaN_not_a_failure()
    {
        var line = CounterJson.IntervalLine(new CounterInterval(Sample with { CpuPercent = double.NaN }, []), verdict: null);
        Assert.Equal("NaN", JsonDocument.Parse(line).RootElement.GetProperty("cpuPercent").GetString());
    }

    private static List<string?> Lines(JsonElement array) => [.. array.EnumerateArray().Select(e => e.GetString())];

    private static List<(string Key, string Value)> Keys(JsonElement element, params string[] except) =>
        [.. element.EnumerateObject().Where(p => !except.Contains(p.Name)).Select(p => (p.Name, p.Value.GetRawText()))];
}
