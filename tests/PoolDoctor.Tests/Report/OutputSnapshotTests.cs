using System.Text;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Counters;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Runs.Stacks;
using PoolDoctor.Tests.Collect.Stacks;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report;

/// <summary>
/// The outputs docs/cli.md and docs/report.md call interfaces, whole: a recorded fixture in, the full text compared
/// with the expected file under snapshots/ (POOLDOCTOR_RECORD_SNAPSHOTS=1 re-records after an intended change).
/// </summary>
public sealed class OutputSnapshotTests
{
    [Fact]
    public void Report_json() =>
        Snapshot.Matches("report.json", ReportJsonWriter.Write(DoctorReport()));

    [Fact]
    public void Report_html() =>
        Snapshot.Matches("report.html", ReportHtmlWriter.Write(DoctorReport()));

    [Fact]
    public void Report_html_of_a_recorded_run() =>
        Snapshot.Matches("report-recorded.html", ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait-recorded-report.json"))));

    [Fact]
    public void Diagnose_terminal_summary()
    {
        using var writer = new StringWriter();
        var console = PlainConsole.Create(writer, 120);
        ReportTerminalWriter.Write(console, DoctorReport());
        Snapshot.Matches("diagnose.txt", writer.ToString());
    }

    [Theory]
    [InlineData(StackFormat.Text, "stacks.txt")]
    [InlineData(StackFormat.Json, "stacks.json")]
    [InlineData(StackFormat.Html, "stacks.html")]
    public void Stacks_of_a_recorded_capture(StackFormat format, string snapshot) =>
        Snapshot.Matches(snapshot, Stacks(StackFixtures.PoolDoctorTaskWaitAspNet, format));

    [Fact]
    public void Analyze_of_a_dotnet_trace_waithandle_recording() =>
        Snapshot.Matches("analyze-waithandle.txt", Stacks(StackFixtures.DotnetTraceTaskWait, StackFormat.Text));

    [Fact]
    public void Counters_json_lines_and_text_lines()
    {
        var series = Series("taskwait");
        var verdicts = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);
        var json = new StringBuilder();
        var text = new StringBuilder();
        for (var i = 0; i < series.Samples.Count; i++)
        {
            var interval = Interval(series, i);
            json.Append(CounterJson.IntervalLine(interval, verdicts[i])).Append('\n');
            text.Append(CounterText.Line(interval, verdicts[i])).Append('\n');
        }
        Snapshot.Matches("counters.jsonl", json.ToString());
        Snapshot.Matches("counters.txt", text.ToString());
    }

    [Fact]
    public void Detect_json()
    {
        var series = Series("taskwait");
        var verdict = StarvationDetector.FirstFinding(series.Samples, series.Injections, series.Cores)!;
        var seen = series.Samples.Where(s => s.Seconds <= verdict.AtSeconds).ToList();
        var outcome = new DetectOutcome(verdict, verdict.AtSeconds, TimedOut: false, 4242, series.Cores, 0.5, seen,
            [.. series.Injections.Where(e => e.Seconds <= verdict.AtSeconds)]);
        Snapshot.Matches("detect.json", CounterJson.DetectResult(outcome));
    }

    // As `diagnose` writes it: the capture's trace and speedscope file kept beside the report.
    private static PoolDoctor.Model.Diagnosis.DiagnosisReport DoctorReport() => DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { Load = DrivenLoad(), Evidence = new("capture.nettrace", "capture.speedscope.json") };

    // A load whose answers dry up as the pool starves (fixed numbers: the writers' format is what is compared here;
    // the recorder itself is tested in LoadSeriesTests and end to end by the integration tests).
    private static PoolDoctor.Model.Load.DrivenLoad DrivenLoad()
    {
        var start = new DateTimeOffset(2026, 11, 22, 3, 0, 0, TimeSpan.Zero);
        long[] requests = [410, 380, 120, 35, 0, 0, 12, 40, 52, 60];
        long[] errors = [0, 0, 0, 0, 0, 3, 0, 0, 0, 0];
        return new PoolDoctor.Model.Load.DrivenLoad(
            ["http://127.0.0.1:5000/api/diagscenario/taskwait"],
            125,
            [.. requests.Select((count, i) => new PoolDoctor.Model.Load.LoadSecond(
                start.AddSeconds(i), count, errors[i],
                count == 0 ? null : 2.0 + (i * 150.5),
                count == 0 ? null : 9.5 + (i * 410.25)))]);
    }

    private static string Stacks(string fixture, StackFormat format)
    {
        var snapshot = NettraceStackReader.Read(fixture);
        var report = StackReportBuilder.Build(Path.GetFileName(fixture), snapshot, new StackDisplay(All: false, Raw: false, UserCodePrefixes: [], format));
        if (format == StackFormat.Html)
        {
            return StackHtmlWriter.Write(report);
        }
        if (format == StackFormat.Text)
        {
            using var writer = new StringWriter();
            StackTextWriter.Write(report, writer);
            return writer.ToString();
        }
        using var buffer = new MemoryStream();
        StackJsonWriter.Write(report, buffer);
        return Encoding.UTF8.GetString(buffer.ToArray()) + "\n";
    }

    private static CounterSeries Series(string name) =>
        CounterFixtures.Load("load-verb/" + name);

    /// <summary>The injections that happened in sample i's interval (after the previous sample, up to this one).</summary>
    private static CounterInterval Interval(CounterSeries series, int i)
    {
        var from = i == 0 ? double.NegativeInfinity : series.Samples[i - 1].Seconds;
        var to = series.Samples[i].Seconds;
        return new CounterInterval(series.Samples[i], [.. series.Injections.Where(e => e.Seconds > from && e.Seconds <= to)]);
    }
}
