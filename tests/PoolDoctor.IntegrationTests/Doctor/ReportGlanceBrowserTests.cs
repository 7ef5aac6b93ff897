using System.Text.Json.Nodes;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;
using PoolDoctor.Verbs.Diagnose;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Issue 35 in Chromium, on the README's own scenario as a real `diagnose --load … -- dotnet-pooldoctor lab` recorded it
/// (the action inlined into `dynamicClass.lambda_method89`): at 1100 and 1400 px, light and dark, the flame graph shows
/// the table's culprit as a red box, a user frame in blue, zooms by click and by keyboard and searches under the page's
/// CSP; the advice's changed lines are whole inside their block; the `fix` command is there; the short record's charts
/// are compact, their axis ends with the data and the verdict line sits at its moment. With POOLDOCTOR_SCREENSHOTS set,
/// each page is saved there as report-WIDTH-light|dark.png (docs/screenshots holds the last ones).
/// </summary>
public sealed class ReportGlanceBrowserTests
{
    private const string Url = "http://127.0.0.1:35280/api/diagscenario/taskwait";

    [SkippableTheory]
    [InlineData(1100, false)]
    [InlineData(1100, true)]
    [InlineData(1400, false)]
    [InlineData(1400, true)]
    public async Task The_readme_scenario_reads_at_a_glance(int width, bool dark)
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        await browser.EmulateColorSchemeAsync(dark);
        await browser.ResizeAsync(width, 900);
        await browser.NavigateAsync(await WriteAsync(ReadmeReport()));
        if (Environment.GetEnvironmentVariable("POOLDOCTOR_SCREENSHOTS") is { Length: > 0 } shots)
        {
            Directory.CreateDirectory(shots);
            await File.WriteAllBytesAsync(Path.Combine(shots, $"report-{width}-{(dark ? "dark" : "light")}.png"), await browser.ScreenshotAsync(width, 900));
        }

        // A record of seconds gets charts sized to it: compact, two to a row, the axis ending with the data. Column-wide,
        // the seven charts of this run were about 2,000 px tall at 1100 px.
        var charts = (await Js(browser, """
            (() => {
              const svgs = Array.from(document.querySelectorAll('#timeline svg.chart'));
              const rows = new Set(svgs.map(s => Math.round(s.getBoundingClientRect().top)));
              const threads = document.getElementById('chart-threads');
              const x = t => Number(t.getAttribute('x'));
              const since = Array.from(threads.querySelectorAll('text.tick.since'));
              const verdict = threads.querySelector('line.verdict-moment');
              return { count: svgs.length, rows: rows.size, tallest: Math.max(...svgs.map(s => s.getBoundingClientRect().height)),
                       ticks: since.map(t => t.textContent), tick0: x(since.find(t => t.textContent === '+0s')), tick2: x(since.find(t => t.textContent === '+2s')),
                       verdict: Number(verdict.getAttribute('x1')), rps: document.querySelectorAll('#chart-load-rps polyline.series:not(.secondary)').length,
                       timeline: document.getElementById('timeline').getBoundingClientRect().height };
            })()
            """)).AsObject();
        Assert.Equal(7, charts["count"]!.GetValue<int>());
        Assert.True(charts["rows"]!.GetValue<int>() <= 4, charts.ToJsonString());
        Assert.True(charts["tallest"]!.GetValue<double>() < 240, charts.ToJsonString());
        Assert.True(charts["timeline"]!.GetValue<double>() < 1400, charts.ToJsonString());
        // Whole seconds, each once, up to the last data (the load's last second, 7.4 s), not the run's 9 s.
        Assert.Equal(["+0s", "+2s", "+4s", "+6s"], charts["ticks"]!.AsArray().Select(t => t!.GetValue<string>()));
        // The verdict line where the verdict came (2.3 s on the axis the ticks draw), not over a label.
        var (tick0, tick2) = (charts["tick0"]!.GetValue<double>(), charts["tick2"]!.GetValue<double>());
        var verdictX = tick0 + (2.3 / 2 * (tick2 - tick0));
        Assert.InRange(charts["verdict"]!.GetValue<double>(), verdictX - 0.5, verdictX + 0.5);
        Assert.Equal(1, charts["rps"]!.GetValue<int>());
        Assert.Contains("no response completed", (await Js(browser, "document.querySelector('#chart-load-latency text.empty').textContent")).GetValue<string>());

        // The red culprit box is the table's culprit, drawn where the JIT hid it.
        var tableCulprit = (await Js(browser, "document.querySelector('#culprit-table tbody tr td.method code').textContent")).GetValue<string>();
        Assert.Equal("DiagScenarioController.TaskWait", tableCulprit);
        var culprit = (await Js(browser, """
            (() => {
              const g = document.querySelector('#flame-graph g.frame.culprit:not(.sliver)');
              const r = g.querySelector('rect').getBoundingClientRect();
              return { name: g.getAttribute('data-name'), cls: g.getAttribute('class'), title: g.querySelector('title').textContent,
                       text: g.querySelector('text').textContent, fill: getComputedStyle(g.querySelector('rect')).fill, w: r.width, h: r.height };
            })()
            """)).AsObject();
        Assert.Equal(tableCulprit, culprit["name"]!.GetValue<string>());
        Assert.Contains("culprit", culprit["cls"]!.GetValue<string>());
        Assert.StartsWith(tableCulprit + " (culprit; inlined, recovered from IL)", culprit["title"]!.GetValue<string>());
        Assert.Equal(tableCulprit, culprit["text"]!.GetValue<string>());
        Assert.Equal("rgb(229, 115, 115)", culprit["fill"]!.GetValue<string>());
        Assert.True(culprit["w"]!.GetValue<double>() > 300 && culprit["h"]!.GetValue<double>() > 10, culprit.ToJsonString());

        // The advice's changed lines: whole, wrapped inside their block, nothing to scroll.
        var diff = (await Js(browser, """
            (() => {
              const pre = document.querySelector('#advice pre.diff');
              const box = pre.getBoundingClientRect();
              const bad = [];
              for (const s of pre.querySelectorAll('span.add, span.del')) {
                const b = s.getBoundingClientRect();
                if (b.width === 0 || b.left < box.left - 0.5 || b.right > box.right + 0.5 || s.scrollWidth > s.clientWidth + 1) bad.push(s.textContent);
              }
              // A one-line context line is one line tall: the newline inside each line's block adds no blank line.
              const one = Array.from(pre.querySelectorAll('span.ctx')).find(s => s.textContent.trim() === '{');
              if (!one || one.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(pre).lineHeight)) bad.push('the line { is not one line tall');
              return { bad: bad.join(' | '), scrolls: pre.scrollWidth > pre.clientWidth, added: Array.from(pre.querySelectorAll('span.add'), s => s.textContent.trimEnd()) };
            })()
            """)).AsObject();
        Assert.Equal("", diff["bad"]!.GetValue<string>());
        Assert.False(diff["scrolls"]!.GetValue<bool>(), "the diff scrolls sideways");
        Assert.Contains("+        var customer = await PretendQuery.CustomerAsync();", diff["added"]!.AsArray().Select(a => a!.GetValue<string>()));
        Assert.True((await Js(browser, "document.documentElement.scrollWidth <= document.documentElement.clientWidth")).GetValue<bool>(), "the page scrolls sideways");

        // The next command.
        var command = (await Js(browser, "document.getElementById('fix-command').textContent")).GetValue<string>();
        Assert.StartsWith("dotnet-pooldoctor fix r1/report.json --project ", command);
        // The lab ran as the tool's own dll from here, not from the culprit's project folder: `fix --verify` would rerun
        // that same unpatched build in both copies, so the command offers the fix alone (Verbs/Diagnose/FixCommandLine).
        Assert.DoesNotContain("--verify", command);

        // Zoom by click: the generated delegate fills the width, its callers stay above, the rest goes.
        var unzoomed = (await Js(browser, "document.getElementById('flame-graph').getAttribute('viewBox')")).GetValue<string>();
        var visibleBefore = await Visible(browser);
        await browser.ClickAsync("#flame-graph g.frame[data-name='dynamicClass.lambda_method89']");
        Assert.True(await RectWidth(browser, "dynamicClass.lambda_method89") >= 958);
        Assert.True(await Visible(browser) < visibleBefore, "nothing beside the zoomed box went");
        Assert.False((await Js(browser, "document.getElementById('flame-reset').disabled")).GetValue<bool>());
        await browser.PressAsync("Escape");
        Assert.Equal(unzoomed, (await Js(browser, "document.getElementById('flame-graph').getAttribute('viewBox')")).GetValue<string>());
        Assert.Equal(visibleBefore, await Visible(browser));

        // Zoom by keyboard: Tab to a box and press Enter.
        await browser.FocusAsync("#flame-graph g.frame.culprit:not(.sliver)");
        await browser.PressAsync("Enter");
        Assert.True(await RectWidth(browser, tableCulprit) >= 958);
        Assert.Contains("Zoomed to " + tableCulprit, (await Js(browser, "document.getElementById('flame-status').textContent")).GetValue<string>());
        await browser.PressAsync("Escape");

        // Search: the user frame this run sampled (2 of 4,349 samples, too thin to draw unzoomed) is found, and Enter
        // zooms to it: a blue box.
        await browser.TypeAsync("#flame-search", "PretendQuery");
        Assert.Matches("^[1-9][0-9]* matching box", (await Js(browser, "document.getElementById('flame-status').textContent")).GetValue<string>());
        await browser.PressAsync("Enter");
        var user = (await Js(browser, """
            (() => {
              const g = Array.from(document.querySelectorAll('#flame-graph g.frame.user:not(.sliver)')).find(g => g.getAttribute('data-name').startsWith('PretendQuery'));
              if (!g) return null;
              const r = g.querySelector('rect');
              return { fill: getComputedStyle(r).fill, w: r.getBoundingClientRect().width, match: g.classList.contains('match') };
            })()
            """)).AsObject();
        Assert.True(user["w"]!.GetValue<double>() > 500, user.ToJsonString());
        Assert.True(user["match"]!.GetValue<bool>());
        // The match colour covers the blue while the search holds; cleared, the zoomed box shows its own colour.
        await Js(browser, "(() => { const s = document.getElementById('flame-search'); s.value = ''; s.dispatchEvent(new Event('input')); return true; })()");
        var blue = (await Js(browser, "getComputedStyle(Array.from(document.querySelectorAll('#flame-graph g.frame.user:not(.sliver)')).find(g => g.getAttribute('data-name').startsWith('PretendQuery')).querySelector('rect')).fill")).GetValue<string>();
        Assert.Equal("rgb(158, 197, 240)", blue);

        // A CSP refusal of the script, or any script error, would be here.
        Assert.Empty(browser.Errors);
    }

    [SkippableFact]
    public async Task Hostile_names_stay_text_when_searched_and_zoomed()
    {
        const string hostile = "<img src=x onerror=alert(1)>\"'&<script>alert(2)</script>";
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var report = ReportBrowserTests.StarvingReport(hostile, hostile);
        await browser.NavigateAsync(await WriteAsync(report));
        await browser.ResizeAsync(1100, 900);

        await browser.TypeAsync("#flame-search", "<img");
        await browser.PressAsync("Enter");
        Assert.Contains(hostile, (await Js(browser, "document.getElementById('flame-status').textContent")).GetValue<string>());
        Assert.Equal(0, (await Js(browser, "document.querySelectorAll('img, iframe, object, embed').length")).GetValue<int>());
        Assert.Equal(1, (await Js(browser, "document.querySelectorAll('script').length")).GetValue<int>());
        Assert.Empty(browser.Errors); // no dialog opened, no script refused
    }

    /// <summary>The recorded report as diagnose wrote it, with the fix command its run would have printed.</summary>
    private static DiagnosisReport ReadmeReport()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        var run = new DiagnoseOptions("r1", [new Uri(Url)], 125, null, null)
        {
            LaunchCommand = ["dotnet", "src/PoolDoctor/bin/Release/net10.0/dotnet-pooldoctor.dll", "lab", "--urls", "http://127.0.0.1:35280"],
        };
        return report with { FixCommand = FixCommandLine.For(report, "r1/report.json", run, workingDirectory: Environment.CurrentDirectory) };
    }

    private static async Task<JsonNode> Js(HeadlessChromium browser, string expression) =>
        await browser.EvaluateAsync(expression) ?? throw new InvalidOperationException($"null from {expression}");

    private static async Task<int> Visible(HeadlessChromium browser) =>
        (await Js(browser, "document.querySelectorAll('#flame-graph g.frame:not(.sliver)').length")).GetValue<int>();

    private static async Task<double> RectWidth(HeadlessChromium browser, string name) =>
        (await Js(browser, $"Number(Array.from(document.querySelectorAll('#flame-graph g.frame:not(.sliver)')).find(g => g.getAttribute('data-name') === '{name}').querySelector('rect').getAttribute('width'))")).GetValue<double>();

    private static async Task<string> WriteAsync(DiagnosisReport report)
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-glance-").FullName;
        var path = Path.Combine(dir, "report.html");
        await ReportHtmlWriter.WriteFileAsync(report, path);
        return path;
    }
}
