using System.Buffers.Binary;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// report.html in Chromium beyond its layout: every link goes somewhere (the evidence files beside it, anchors in it),
/// text keeps a WCAG contrast of at least 4.5:1 in the light and the dark colour scheme, and the screenshots the docs show.
/// </summary>
public sealed class ReportLinksAndColoursBrowserTests
{
    private const string SourceUrl = "https://github.com/contoso/storefront/blob/0123456789abcdef0123456789abcdef01234567/src/Orders/OrdersController.cs#L42";

    [SkippableFact]
    public async Task Every_link_resolves_to_a_file_beside_the_report_or_an_anchor_in_it()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var path = await WriteWithEvidenceAsync(Report(VerdictKind.Starving));
        await browser.NavigateAsync(path);

        var links = await LinksAsync(browser);
        Assert.Equal(["capture.nettrace", "capture.speedscope.json"], links.Where(l => !l.Href.StartsWith('#') && l.Url.StartsWith("file:", StringComparison.Ordinal)).Select(l => l.Href));
        Assert.Contains(links, l => l.Href == "#" + "evidence-files");
        // Source Link goes to the repository host: checked to be an absolute https URL, not fetched (loopback only here).
        Assert.Contains(links, l => l.Url == SourceUrl);
        Assert.Empty(Broken(links));

        // The check itself can fail: a file missing beside the report is named.
        File.Delete(Path.Combine(Path.GetDirectoryName(path)!, "capture.speedscope.json"));
        Assert.Equal(["capture.speedscope.json"], Broken(links));
        Assert.Empty(browser.Errors);
    }

    [SkippableTheory]
    [InlineData(false, VerdictKind.Starving)]
    [InlineData(true, VerdictKind.Starving)]
    [InlineData(false, VerdictKind.BlockingCompensated)]
    [InlineData(true, VerdictKind.BlockingCompensated)]
    public async Task Text_keeps_a_contrast_of_4_5_to_1_in_light_and_dark(bool dark, VerdictKind kind)
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        await browser.EmulateColorSchemeAsync(dark);
        await browser.NavigateAsync(await WriteWithEvidenceAsync(Report(kind)));
        await browser.ResizeAsync(1400, 900);

        // The scheme took: the page's own background is near black in dark, near white in light.
        var page = (await browser.EvaluateAsync($"({Luminance})(getComputedStyle(document.body).backgroundColor)"))!.GetValue<double>();
        Assert.True(dark ? page < 0.02 : page > 0.9, $"body background luminance {page} in the {(dark ? "dark" : "light")} scheme");

        var checkedText = (await browser.EvaluateAsync(ContrastScript))!.AsObject();
        var low = checkedText["low"]!.AsArray().Select(n => n!.GetValue<string>()).ToList();
        Assert.True(low.Count == 0, "below 4.5:1: " + string.Join("; ", low));
        // Body text, tables and code blocks were all among what was measured.
        foreach (var part in new[] { "p", "li", "td", "th", "pre", "dd", "summary" })
        {
            Assert.True(checkedText["counts"]![part]?.GetValue<int>() > 0, $"no <{part}> text measured");
        }
        // The measure itself can fail: grey on grey (about 1.3:1) added to the page is reported.
        await browser.EvaluateAsync("document.body.insertAdjacentHTML('beforeend', '<p class=\"probe\" style=\"color:#777;background:#888\">grey on grey</p>')");
        var probed = (await browser.EvaluateAsync(ContrastScript))!["low"]!.AsArray().Select(n => n!.GetValue<string>()).ToList();
        Assert.Single(probed, l => l.StartsWith("p.probe 'grey on grey'", StringComparison.Ordinal));
        Assert.Empty(browser.Errors);
    }

    /// <summary>
    /// The screenshots in docs/images: report.html at 1400 px, light and dark. POOLDOCTOR_SCREENSHOT_REPORT names the
    /// report to shoot (scripts/report-screenshots.sh passes a real `diagnose` run's) and POOLDOCTOR_SCREENSHOTS where
    /// to write them; without them a generated report is shot into a temp folder, so the test still proves both render.
    /// </summary>
    [SkippableFact]
    public async Task Screenshots_of_report_html_at_1400_px_in_light_and_dark()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var report = Environment.GetEnvironmentVariable("POOLDOCTOR_SCREENSHOT_REPORT") is { Length: > 0 } given
            ? given
            : await WriteWithEvidenceAsync(Report(VerdictKind.Starving));
        var into = Environment.GetEnvironmentVariable("POOLDOCTOR_SCREENSHOTS") is { Length: > 0 } dir
            ? dir
            : Directory.CreateTempSubdirectory("pooldoctor-screenshots-").FullName;
        Directory.CreateDirectory(into);

        var shots = new List<byte[]>();
        foreach (var dark in new[] { false, true })
        {
            await browser.EmulateColorSchemeAsync(dark);
            await browser.NavigateAsync(report);
            var png = await browser.ScreenshotAsync(1400, 900);
            await File.WriteAllBytesAsync(Path.Combine(into, $"report-{(dark ? "dark" : "light")}-1400.png"), png);
            shots.Add(png);
        }

        foreach (var png in shots)
        {
            // PNG signature, then IHDR: width and height, big-endian.
            Assert.Equal(0x89, png[0]);
            Assert.Equal(1400, BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(16, 4)));
            Assert.True(BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20, 4)) > 900, "a full-page shot is taller than the viewport");
        }
        Assert.NotEqual(shots[0], shots[1]);
        Assert.Empty(browser.Errors);
    }

    private sealed record Link(string Href, string Url, bool AnchorFound);

    private static async Task<IReadOnlyList<Link>> LinksAsync(HeadlessChromium browser) =>
        [.. (await browser.EvaluateAsync("""
            Array.from(document.querySelectorAll('a[href]')).map(a => {
              const href = a.getAttribute('href');
              const id = href.startsWith('#') ? decodeURIComponent(href.slice(1)) : null;
              return { href, url: a.href, anchor: id !== null && document.getElementById(id) !== null };
            })
            """))!.AsArray().Select(n => new Link(n!["href"]!.GetValue<string>(), n["url"]!.GetValue<string>(), n["anchor"]!.GetValue<bool>()))];

    // A link is broken when its anchor is not in the page, its file is not on disk, or it is neither of those nor an
    // absolute http(s) URL.
    private static IReadOnlyList<string> Broken(IReadOnlyList<Link> links) =>
        [.. links.Where(l => l.Href.StartsWith('#')
                ? !l.AnchorFound
                : Uri.TryCreate(l.Url, UriKind.Absolute, out var uri) && uri.IsFile
                    ? !File.Exists(uri.LocalPath)
                    : !(Uri.TryCreate(l.Href, UriKind.Absolute, out var web) && web.Scheme is "https" or "http"))
            .Select(l => l.Href)];

    // WCAG 2 relative luminance of a computed CSS colour (rgb() or rgba()).
    private const string Luminance = """
        (css) => {
          const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
            .map(c => c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        }
        """;

    // Every element outside SVG with text of its own: its colour against the first opaque background at or above it.
    private const string ContrastScript = $$"""
        (() => {
          const lum = {{Luminance}};
          const alpha = css => { const m = css.match(/[\d.]+/g); return m.length > 3 ? Number(m[3]) : 1; };
          const background = e => {
            for (let n = e; n; n = n.parentElement) {
              const bg = getComputedStyle(n).backgroundColor;
              if (alpha(bg) > 0.5) return bg;
            }
            return 'rgb(255, 255, 255)';
          };
          const low = [], counts = {};
          for (const e of document.body.querySelectorAll('*')) {
            if (e.closest('svg')) continue;
            const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim().length > 0);
            if (!own || e.getClientRects().length === 0) continue;
            const fg = getComputedStyle(e).color, bg = background(e);
            const [a, b] = [lum(fg), lum(bg)];
            const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            const tag = e.tagName.toLowerCase();
            counts[tag] = (counts[tag] || 0) + 1;
            if (e.closest('pre')) counts.pre = (counts.pre || 0) + 1;
            if (ratio < 4.5) low.push(`${tag}.${e.className} '${e.textContent.trim().slice(0, 30)}' ${fg} on ${bg}: ${ratio.toFixed(2)}`);
          }
          return { low, counts };
        })()
        """;

    private static async Task<string> WriteWithEvidenceAsync(DiagnosisReport report)
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-links-").FullName;
        // The evidence as diagnose keeps it: a trace file and the speedscope writer's output, moved in by CaptureFiles.
        var trace = Path.Combine(dir, "pending.nettrace");
        await File.WriteAllTextAsync(trace, "Nettrace");
        var threads = new[] { new DisplayThread(7, true, 80, [.. report.Culprits[0].ExampleStack.Select(f => new DisplayFrame(f, false))]) };
        var evidence = CaptureFiles.Keep(trace, "storefront", threads).MoveInto(dir, notice: null);
        var path = Path.Combine(dir, "report.html");
        await ReportHtmlWriter.WriteFileAsync(report with { Evidence = evidence }, path);
        return path;
    }

    // The starving run the other browser tests use, partial (its note has its own background), with a Source Link
    // URL on the culprit and the verdict asked for (each verdict colours its kind).
    private static DiagnosisReport Report(VerdictKind kind)
    {
        var report = ReportBrowserTests.StarvingReport("OrdersController.Get", "storefront");
        var culprit = report.Culprits[0];
        return report with
        {
            Verdict = report.Verdict with { Kind = kind },
            Culprits = [culprit with { Site = culprit.Site with { File = "/home/build/storefront/src/Orders/OrdersController.cs", Line = 42, SourceUrl = SourceUrl } }],
            Partial = true,
            PartialReason = "interrupted (Ctrl+C) before the diagnosis finished",
        };
    }
}
