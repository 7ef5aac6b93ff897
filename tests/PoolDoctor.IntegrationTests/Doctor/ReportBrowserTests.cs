using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>report.html in a real browser: charts drawn, culprit table present, no console error, hostile names inert.</summary>
public sealed class ReportBrowserTests
{
    private const string Hostile = "<script>alert(1)</script>\"quoted\" & 'single' <img src=x onerror=alert(2)>";

    [SkippableFact]
    public async Task Report_html_draws_its_charts_and_culprit_table_without_console_errors()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var path = await WriteAsync(StarvingReport("DiagScenarioController.TaskWait", "lab"));
        await browser.NavigateAsync(path);

        var charts = (await browser.EvaluateAsync(
            "Array.from(document.querySelectorAll('svg.chart')).map(s => { const b = s.getBBox(); const p = s.querySelector('polyline.series'); "
            + "return { w: b.width, h: b.height, points: p ? p.points.numberOfItems : 0, len: p ? p.getTotalLength() : 0 }; })"))!.AsArray();
        Assert.Equal(4, charts.Count);
        foreach (var chart in charts)
        {
            Assert.True(chart!["w"]!.GetValue<double>() > 100 && chart["h"]!.GetValue<double>() > 50, chart.ToJsonString());
            Assert.Equal(30, chart["points"]!.GetValue<int>());
            Assert.True(chart["len"]!.GetValue<double>() > 100, chart.ToJsonString());
        }
        Assert.Equal(10, (await browser.EvaluateAsync("document.querySelectorAll('#chart-threads circle.injection').length"))!.GetValue<int>());
        Assert.Equal(4, (await browser.EvaluateAsync("document.querySelectorAll('line.verdict-moment').length"))!.GetValue<int>());
        Assert.Equal("DiagScenarioController.TaskWait",
            (await browser.EvaluateAsync("document.querySelector('#culprit-table tbody tr td.method code').textContent"))!.GetValue<string>());
        Assert.Equal("SyncOverAsync", (await browser.EvaluateAsync("document.querySelector('#culprit-table td.kind').textContent"))!.GetValue<string>());
        Assert.True((await browser.EvaluateAsync("document.querySelectorAll('details').length"))!.GetValue<int>() >= 2);
        // The fix is written around the culprit: its method becomes the async signature, its API is named.
        var fix = (await browser.EvaluateAsync("document.querySelector('#advice .fix').textContent"))!.GetValue<string>();
        Assert.Contains("public async Task<string> TaskWait()", fix);
        Assert.Contains("Task<TResult>.Result", fix);
        Assert.Empty(browser.Errors);
    }

    [SkippableFact]
    public async Task Hostile_names_from_the_target_show_as_text_and_never_run()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var path = await WriteAsync(StarvingReport(Hostile, Hostile));
        await browser.NavigateAsync(path);

        Assert.Equal(0, (await browser.EvaluateAsync("document.querySelectorAll('img, iframe, object, embed').length"))!.GetValue<int>());
        // One script, the flame graph's own (its hash is the CSP's); a name never makes another.
        Assert.Equal(1, (await browser.EvaluateAsync("document.querySelectorAll('script').length"))!.GetValue<int>());
        Assert.Equal(0, (await browser.EvaluateAsync("Array.from(document.querySelectorAll('*')).filter(e => Array.from(e.attributes).some(a => a.name.startsWith('on'))).length"))!.GetValue<int>());
        Assert.StartsWith(Hostile, (await browser.EvaluateAsync("document.getElementById('target-name').textContent"))!.GetValue<string>());
        Assert.Equal(Hostile, (await browser.EvaluateAsync("document.querySelector('#culprit-table td.method code').textContent"))!.GetValue<string>());
        Assert.Contains(Hostile, (await browser.EvaluateAsync("document.title"))!.GetValue<string>());
        Assert.Equal(4, (await browser.EvaluateAsync("document.querySelectorAll('svg.chart polyline.series').length"))!.GetValue<int>());
        Assert.Empty(browser.Errors);
    }

    private static async Task<string> WriteAsync(DiagnosisReport report)
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-report-").FullName;
        var path = Path.Combine(dir, "report.html");
        await ReportHtmlWriter.WriteFileAsync(report, path);
        return path;
    }

    /// <summary>A 30-second starving run shaped like taskwait on 2 cores; only the names vary between tests.</summary>
    internal static DiagnosisReport StarvingReport(string method, string targetName)
    {
        var samples = Enumerable.Range(1, 30).Select(i => new CounterSample(
            i, Math.Min(2 + (i * 4), 90), Math.Max(0, 120 - (i * 4)), 15 + (i * 6), 8 + (i % 5), 2, 0, 12)).ToList();
        var injections = Enumerable.Range(1, 10).Select(i => new InjectionEvent(i * 1.5, 2 + (i * 6), i % 3 == 0 ? AdjustmentReason.Starvation : AdjustmentReason.CooperativeBlocking, 20)).ToList();
        string[] stack = ["Monitor.Wait", "Task<TResult>.Result", method, "ThreadPoolWorkQueue.Dispatch"];
        Culprit[] culprits = [new(method, BlockingKind.SyncOverAsync, "Task<TResult>.Result", 80, 0.88, CulpritFrame.Named(stack), 30_000)];
        var verdict = new Verdict(VerdictKind.Starving, 0.95, VerdictRule.StarvationInjections, [EvidenceItem.Text("queue length above zero for 6 s"), EvidenceItem.Text("CPU 9 % of 2 cores")], 6);
        return new DiagnosisReport(
            new TargetProcess(1234, targetName, "dotnet " + targetName),
            DateTimeOffset.UtcNow,
            30,
            samples,
            injections,
            verdict,
            new StackCapture(7, 1, 85, 120),
            culprits,
            [new StackGroup([.. stack.Select(n => new GroupFrame(n, false))], 80, 0.88, true, [.. Enumerable.Range(100, 80)]), new StackGroup([new GroupFrame("Thread.Sleep", false), new GroupFrame(targetName, false)], 1, 0.01, false, [7])],
            AdviceBuilder.Build(VerdictKind.Starving, culprits, samples, 2),
            [new CompareRow(targetName, "http://127.0.0.1:1/x", 40, 2900, 5000, 5600, 400, 0, 90, 100, VerdictKind.Starving)],
            false,
            null);
    }
}
