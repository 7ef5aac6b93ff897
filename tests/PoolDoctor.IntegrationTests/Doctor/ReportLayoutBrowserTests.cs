using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// report.html's layout measured in Chromium at the widths the issue was seen at (1100 and 1400 px): nothing wider than
/// the page's column, code blocks inside their cards, and the flame graph drawn with the culprit marked.
/// </summary>
public sealed class ReportLayoutBrowserTests
{
    private const string LongMethod = "Contoso.Storefront.Customers.Infrastructure.Persistence.CustomerRepositoryWithCaching.LoadCustomerWithOrdersAndAddresses";

    [SkippableTheory]
    [InlineData(1100)]
    [InlineData(1400)]
    public async Task Nothing_is_wider_than_the_column_and_code_stays_in_its_card(int width)
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        await browser.NavigateAsync(await WriteAsync(LongNamesReport()));
        await browser.ResizeAsync(width, 900);

        // Text counts too: a long name without a break opportunity overflows its paragraph, not as an element.
        Assert.True((await browser.EvaluateAsync("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))!.GetValue<bool>(), "the page scrolls sideways");
        Assert.True((await browser.EvaluateAsync("document.body.scrollWidth <= document.body.clientWidth"))!.GetValue<bool>(), "something runs past the column");
        // Every table, card and code block ends inside the body's content box; every pre inside its card.
        var outside = (await browser.EvaluateAsync("""
            (() => {
              const body = document.body.getBoundingClientRect();
              const pad = parseFloat(getComputedStyle(document.body).paddingRight);
              const right = body.right - pad + 0.5;
              const bad = [];
              for (const e of document.querySelectorAll('table, article, pre, svg, section')) {
                if (e.getBoundingClientRect().right > right) bad.push(e.tagName + '#' + e.id + '.' + e.className.baseVal + e.className);
              }
              for (const pre of document.querySelectorAll('article pre')) {
                if (pre.getBoundingClientRect().right > pre.closest('article').getBoundingClientRect().right + 0.5) bad.push('pre outside its card');
              }
              return bad.join(', ');
            })()
            """))!.GetValue<string>();
        Assert.Equal("", outside);
        Assert.Empty(browser.Errors);
    }

    [SkippableFact]
    public async Task The_flame_graph_is_drawn_with_the_culprit_marked_and_full_names_in_its_titles()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        await browser.NavigateAsync(await WriteAsync(LongNamesReport()));
        await browser.ResizeAsync(1400, 900);

        Assert.True((await browser.EvaluateAsync("document.querySelectorAll('#flame-graph g.frame rect').length"))!.GetValue<int>() >= 4);
        var culprit = (await browser.EvaluateAsync("document.querySelector('#flame-graph g.culprit title').textContent"))!.GetValue<string>();
        Assert.StartsWith(LongMethod, culprit);
        var box = (await browser.EvaluateAsync("(() => { const r = document.querySelector('#flame-graph g.culprit rect').getBoundingClientRect(); return r.width > 100 && r.height > 10; })()"))!.GetValue<bool>();
        Assert.True(box, "the culprit's box is not drawn at a visible size");
        Assert.Empty(browser.Errors);
    }

    [SkippableFact]
    public async Task Every_chart_label_is_inside_its_drawing_the_last_tick_and_late_markers_too()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        // The verdict and the capture late in the run: their labels sit at the right edge, as the last tick's does.
        var report = ReportBrowserTests.StarvingReport("DiagScenarioController.TaskWait", "lab");
        report = report with
        {
            Verdict = report.Verdict with { AtSeconds = 28 },
            Capture = report.Capture! with { AtSeconds = 29.5 },
        };
        await browser.NavigateAsync(await WriteAsync(report));
        await browser.ResizeAsync(1100, 900);

        // getBBox is in the chart's own units (its viewBox), so the bound is the viewBox whatever the page width.
        var outside = (await browser.EvaluateAsync("""
            (() => {
              const bad = [];
              for (const svg of document.querySelectorAll('svg.chart')) {
                const view = svg.viewBox.baseVal;
                for (const t of svg.querySelectorAll('text')) {
                  const b = t.getBBox();
                  if (b.x < view.x - 0.5 || b.x + b.width > view.x + view.width + 0.5 || b.y < view.y - 0.5 || b.y + b.height > view.y + view.height + 0.5)
                    bad.push(svg.id + ' "' + t.textContent + '" x ' + b.x.toFixed(1) + '..' + (b.x + b.width).toFixed(1) + ' of ' + view.width);
                }
              }
              return bad.join('; ');
            })()
            """))!.GetValue<string>();
        Assert.Equal("", outside);
        Assert.True((await browser.EvaluateAsync("document.querySelectorAll('svg.chart text.tick.clock').length"))!.GetValue<int>() >= 7, "no clock labels drawn");
        Assert.Empty(browser.Errors);
    }

    private static async Task<string> WriteAsync(DiagnosisReport report)
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-layout-").FullName;
        var path = Path.Combine(dir, "report.html");
        await ReportHtmlWriter.WriteFileAsync(report, path);
        return path;
    }

    // The browser test's starving run with the names that made the table overflow: a long call site, a long route, and
    // a fix whose rewritten line is longer than half the column.
    private static DiagnosisReport LongNamesReport()
    {
        var report = ReportBrowserTests.StarvingReport(LongMethod, "storefront");
        var fix = report.Advice.Fixes[0];
        var longLine = "        var customer = await _repository.LoadCustomerWithOrdersAndAddressesAsync(customerId, includeArchived: true, cancellationToken).ConfigureAwait(false);";
        return report with
        {
            Culprits = [report.Culprits[0] with { Entry = EntryText.Parse("GET /api/storefront/customers/{customerId}/orders/{orderId}/shipments/{shipmentId}") }],
            Advice = report.Advice with { Fixes = [fix with { Before = fix.Before + "\n" + longLine, After = fix.After + "\n" + longLine }] },
        };
    }
}
