using System.Text;
using PoolDoctor.Report.Diagnosis;
using static PoolDoctor.Report.Diagnosis.Html;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// `stacks`/`analyze --format html`: the flame graph of the capture's pool-thread stacks and its culprits as one
/// self-contained page, with report.html's stylesheet and script-forbidding CSP. Every name from the target is escaped.
/// Weights are each thread's own stacks (with their source lines), so a frame's file:line is that thread's.
/// </summary>
public static class StackHtmlWriter
{
    public static string Write(StackReport report)
    {
        var html = new StringBuilder();
        HtmlPage.Open(html, $"PoolDoctor stacks: {E(report.Source)}");
        html.Append("<header>\n<h1>PoolDoctor stacks</h1>\n<dl class=\"meta\">");
        html.Append($"<dt>source</dt><dd>{E(report.Source)}</dd>");
        html.Append($"<dt>threads</dt><dd>{report.ThreadCount} ({report.PoolThreads} pool threads)</dd>");
        html.Append(report.FromDump
            ? "<dt>from</dt><dd>a core dump: one instant, each thread counted once</dd>"
            : $"<dt>samples</dt><dd>{report.TotalSamples} over {N(report.Snapshot.WindowSeconds)} s</dd>");
        html.Append("</dl>\n");
        if (report.Note is { } note)
        {
            html.Append($"<p class=\"partial\">{E(note)}</p>\n");
        }
        html.Append("</header>\n");

        var (stacks, unit) = Stacks(report);
        if (stacks.Count > 0)
        {
            var culpritFrames = report.Culprits.SelectMany(c => c.ChainNames.Append(c.Method)).ToHashSet(StringComparer.Ordinal);
            FlameHtml.Append(html, stacks, unit, culpritFrames);
        }
        else
        {
            html.Append("<p class=\"none\">No pool-thread stacks in this capture.</p>\n");
        }
        Culprits(html, report);
        html.Append("<footer>Made by dotnet-pooldoctor.</footer>\n");
        HtmlPage.Close(html);
        return html.ToString();
    }

    private static (IReadOnlyList<FlameStack> Stacks, string Unit) Stacks(StackReport report)
    {
        // The frames the JIT inlined away, put back where the culprits' recovery says they ran, as report.html does.
        var recoveries = RecoveredFrames.Of(report.Culprits);
        var stacks = report.Threads
            .Where(t => t.IsThreadPool && t.Samples > 0 && t.Frames.Count > 0)
            .Select(t => FlameStack.Recover(new FlameStack([.. t.Frames.Select(f => new FlameFrame(f.Text, f.IsUserCode, f.Source))], t.Samples), recoveries))
            .ToList();
        // A dump counts each thread once; a trace without samples is weighted by blocked milliseconds (the note says so).
        var unit = report.FromDump ? "threads" : report.Note is not null ? "weight" : "samples";
        return (stacks, unit);
    }

    private static void Culprits(StringBuilder html, StackReport report)
    {
        html.Append("<section id=\"culprits\">\n<h2>Culprits</h2>\n");
        if (report.Culprits.Count == 0)
        {
            html.Append("<p class=\"none\">No culprit: no user method held a meaningful share of the pool threads.</p>\n</section>\n");
            return;
        }
        html.Append("<table id=\"culprit-table\" class=\"culprits\">\n<colgroup><col class=\"c-rank\"><col class=\"c-method\"><col class=\"c-entry\"><col class=\"c-kind\"><col class=\"c-api\"><col class=\"c-threads\"><col class=\"c-share\"><col class=\"c-wait\"></colgroup>\n");
        html.Append("<thead><tr><th>#</th><th>method (call site)</th><th>entry</th><th>kind</th><th>blocking API</th><th>pool threads</th><th>share</th><th>at</th></tr></thead>\n<tbody>\n");
        var rank = 0;
        foreach (var c in report.Culprits)
        {
            rank++;
            var at = (c.Site.RepositoryFile ?? c.Site.File) is { } file ? file + (c.Site.Line is { } line ? ":" + line : "") : "–";
            html.Append($"<tr><td>{rank}</td><td class=\"method\"><code>{E(c.DisplayName)}</code></td><td>{E(EntryText.Of(c.Entry) ?? "–")}</td><td class=\"kind\">{E(c.Kind.ToString())}</td>");
            html.Append($"<td><code>{E(c.Api)}</code></td><td class=\"num\">{c.Threads}</td><td class=\"num\">{Percent(c.Share)}</td><td><code>{E(at)}</code></td></tr>\n");
        }
        html.Append("</tbody>\n</table>\n</section>\n");
    }
}
