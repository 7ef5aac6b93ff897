using PoolDoctor.Model.Verdicts;
using System.Text;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Advice;
using PoolDoctor.Report.Stacks;
using static PoolDoctor.Report.Diagnosis.Html;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// report.html: one self-contained file (inline CSS, inline SVG, no script at all, a CSP that forbids any),
/// so it opens offline, can be mailed or attached to a ticket, and a hostile method name can never run.
/// Every string from the target goes through <see cref="Html.E"/>.
/// </summary>
public static class ReportHtmlWriter
{
    public static string Write(DiagnosisReport report)
    {
        var html = new StringBuilder();
        HtmlPage.Open(html, $"PoolDoctor: {E(report.Verdict.Kind.ToString())} — {E(report.Target.Name)} ({report.Target.ProcessId})");
        Header(html, report);
        Verdict(html, report);
        Timeline(html, report);
        Flight.FlightHtml.Append(html, report.Flight);
        Culprits(html, report);
        Flame(html, report);
        Groups(html, report);
        Advice(html, report.Advice, report.FixCommand);
        Compare(html, report.Compare);
        EvidenceHtml.Append(html, report.Evidence);
        html.Append("<footer>Made by dotnet-pooldoctor. Every figure above was measured on the target during this run.</footer>\n");
        HtmlPage.Close(html);
        return html.ToString();
    }

    public static Task WriteFileAsync(DiagnosisReport report, string path, CancellationToken cancellationToken = default) =>
        ReportFile.WriteAsync(path, Write(report), cancellationToken);

    private static void Header(StringBuilder html, DiagnosisReport r)
    {
        html.Append("<header>\n<h1>PoolDoctor report</h1>\n<dl class=\"meta\">");
        html.Append($"<dt>target</dt><dd id=\"target-name\">{E(r.Target.Name)} (pid {r.Target.ProcessId})</dd>");
        if (!string.IsNullOrEmpty(r.Target.CommandLine))
        {
            html.Append($"<dt>command line</dt><dd><code>{E(r.Target.CommandLine)}</code></dd>");
        }
        html.Append($"<dt>started</dt><dd>{E(r.StartedUtc.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", System.Globalization.CultureInfo.InvariantCulture))}</dd>");
        html.Append($"<dt>watched</dt><dd>{N(r.DurationSeconds)} s, {r.Samples.Count} samples, {r.Injections.Count} injection events</dd>");
        if (r.Evidence is not null)
        {
            html.Append($"<dt>evidence</dt><dd><a href=\"#{EvidenceHtml.Id}\">the capture's trace and speedscope files</a>, beside this report</dd>");
        }
        html.Append("</dl>\n");
        ContextHtml.Append(html, r.Context);
        if (r.Partial)
        {
            html.Append($"<p class=\"partial\" id=\"partial\"><strong>Partial report:</strong> {E(r.PartialReason ?? "the run was cut short")}. Everything captured before that is below.</p>\n");
        }
        html.Append("</header>\n");
    }

    private static void Verdict(StringBuilder html, DiagnosisReport r)
    {
        var v = r.Verdict;
        html.Append($"<section id=\"verdict\" class=\"verdict {E(v.Kind.ToString().ToLowerInvariant())}\">\n");
        html.Append($"<h2>Verdict: <span class=\"kind\">{E(v.Kind.ToString())}</span></h2>\n");
        html.Append($"<p>confidence {Percent(v.Confidence)}");
        if (v.AtSeconds is { } at)
        {
            html.Append($", reached {N(at)} s after attach");
        }
        html.Append($". Rule: {E(v.Rule.Name())}</p>\n");
        if (v.Evidence.Count > 0)
        {
            html.Append("<ul class=\"evidence\">");
            foreach (var line in EvidenceText.Lines(v))
            {
                html.Append($"<li>{E(line)}</li>");
            }
            html.Append("</ul>\n");
        }
        html.Append("</section>\n");
    }

    // A load that began within a second of the watch began with it: no marker of its own.
    private const double LoadStartMarkAfterSeconds = 1;

    private static void Timeline(StringBuilder html, DiagnosisReport r)
    {
        var samples = r.Samples;
        var load = LoadPoints.Of(r);
        // The axis spans the data (samples, the load's seconds, the verdict and the capture), not the run's wall time:
        // a run whose trace took seconds to read after its last sample drew its series in the left third.
        var xMax = samples.Count == 0 && load is null
            ? r.DurationSeconds
            : new[] { samples.Count == 0 ? 0 : samples.Max(s => s.Seconds), load?.LastSeconds ?? 0, r.Verdict.AtSeconds ?? 0, r.Capture?.AtSeconds ?? 0 }.Max();
        var frame = ChartLayout.FrameFor(xMax);
        var markers = new List<ChartMarker>();
        if (r.Verdict.AtSeconds is { } at)
        {
            markers.Add(new ChartMarker(at, r.Verdict.Kind.ToString(), "verdict-moment"));
        }
        if (r.Capture is { } capture)
        {
            markers.Add(new ChartMarker(capture.AtSeconds, "stacks", "capture-moment"));
        }
        // A load that started after a baseline (diagnose --baseline): where the quiet pool ends and the load begins.
        if (load is { FirstSeconds: >= LoadStartMarkAfterSeconds })
        {
            markers.Add(new ChartMarker(load.FirstSeconds, "load", "load-moment"));
        }
        html.Append("<section id=\"timeline\">\n<h2>Timeline</h2>\n");
        html.Append($"<p class=\"axis-note\">Time axis: UTC clock time (the same clock as Grafana and the service's logs), seconds since the watch started at {E(TimeAxis.Clock(r.StartedUtc, 0))} UTC below it.</p>\n");
        html.Append("<p class=\"legend\"><span class=\"key series\"></span> counter <span class=\"key verdict-moment\"></span> verdict "
            + "<span class=\"key capture-moment\"></span> stack capture <span class=\"dot starvation\"></span> starvation injection "
            + "<span class=\"dot cooperative\"></span> cooperative-blocking injection <span class=\"dot climbing\"></span> other adjustment"
            + (markers.Any(m => m.CssClass == "load-moment") ? " <span class=\"key load-moment\"></span> load starts" : "") + "</p>\n");
        var charts = ChartLayout.Open(frame);
        html.Append(charts);
        Chart(html, "chart-threads", "Thread-pool thread count (dots: the runtime's injection events)", [.. samples.Select(s => (s.Seconds, s.ThreadCount))], xMax, markers, r.StartedUtc, frame, r.Injections);
        Chart(html, "chart-queue", "Thread-pool queue length", [.. samples.Select(s => (s.Seconds, s.QueueLength))], xMax, markers, r.StartedUtc, frame);
        Chart(html, "chart-completed", "Completed work items per second", [.. samples.Select(s => (s.Seconds, s.CompletedPerSecond))], xMax, markers, r.StartedUtc, frame);
        var delays = samples.Where(s => s.QueueDelayMs is not null).Select(s => (s.Seconds, s.QueueDelayMs!.P99)).ToList();
        if (delays.Count > 0)
        {
            Chart(html, "chart-queue-delay", "Queue delay p99 (ms): how long work items waited in the pool's queue", delays, xMax, markers, r.StartedUtc, frame);
        }
        Chart(html, "chart-cpu", "CPU % of the machine", [.. samples.Select(s => (s.Seconds, s.CpuPercent))], xMax, markers, r.StartedUtc, frame, yCeiling: 100);
        html.Append("</div>\n");
        if (load is not null)
        {
            // The load the tool drove, per UTC second, on the same axis: what the users saw while the pool did the above.
            html.Append($"<p class=\"load-note\">The load this run drove: {E(string.Join(", ", r.Load!.Urls))}, {r.Load.Connections} connection(s); one point per UTC second, at its middle.</p>\n");
            html.Append(charts);
            Chart(html, "chart-load-rps", "Load: requests completed per second (solid) and errors per second (dashed)", load.Requests, xMax, markers, r.StartedUtc, frame, secondary: load.Errors);
            // No response in the whole run is the finding itself (every request still waits on the pool), not a gap.
            Chart(html, "chart-load-latency", "Load: latency p99 (solid) and p50 (dashed) of each second's responses, ms", load.P99, xMax, markers, r.StartedUtc, frame, secondary: load.P50,
                empty: $"no response completed in these {Html.N(load.LastSeconds, 0)} s: every request was still waiting");
            html.Append("</div>\n");
        }
        if (r.Injections.Count > 0)
        {
            var byReason = r.Injections.GroupBy(i => i.Reason).Select(g => $"{g.Key}: {g.Count()}");
            html.Append($"<p>Injection events by reason: {E(string.Join(", ", byReason))}.</p>\n");
        }
        html.Append("</section>\n");
    }

    private static void Chart(StringBuilder html, string id, string title, IReadOnlyList<(double, double)> points, double xMax,
        IReadOnlyList<ChartMarker> markers, DateTimeOffset origin, ChartFrame frame, IReadOnlyList<Model.Counters.InjectionEvent>? injections = null, double? yCeiling = null,
        IReadOnlyList<(double, double)>? secondary = null, string empty = "no samples")
    {
        html.Append($"<figure><figcaption>{E(title)}</figcaption>\n");
        html.Append(SvgTimelineChart.Render(id, title, points, xMax, markers, injections, yCeiling, origin, secondary, frame, empty));
        html.Append("\n</figure>\n");
    }

    private static void Culprits(StringBuilder html, DiagnosisReport r)
    {
        html.Append("<section id=\"culprits\">\n<h2>Culprits</h2>\n");
        if (r.Culprits.Count == 0)
        {
            html.Append(r.Capture is null
                ? "<p class=\"none\">No stacks were captured: the pool never looked blocked, so there was nothing to blame.</p>\n"
                : "<p class=\"none\">No culprit: no user method held a meaningful share of the pool threads.</p>\n");
            html.Append("</section>\n");
            return;
        }
        if (r.Capture is { } c)
        {
            html.Append($"<p>Stacks captured at {E(TimeAxis.Clock(r.StartedUtc, c.AtSeconds))} UTC (+{N(c.AtSeconds)} s) over {N(c.WindowSeconds)} s: {c.ThreadsSeen} threads, {c.WaitsSeen} wait events.</p>\n");
        }
        html.Append("<table id=\"culprit-table\" class=\"culprits\">\n<colgroup><col class=\"c-rank\"><col class=\"c-method\"><col class=\"c-entry\"><col class=\"c-kind\"><col class=\"c-api\"><col class=\"c-threads\"><col class=\"c-share\"><col class=\"c-wait\"></colgroup>\n<thead><tr><th>#</th><th>method (call site)</th><th>entry</th><th>kind</th><th>blocking API</th><th>pool threads</th><th>share of pool-thread time</th><th>blocked (wait events)</th></tr></thead>\n<tbody>\n");
        var (shown, folded, foldedShare) = CulpritRows.Of(r.Culprits);
        foreach (var (rank, culprit) in shown)
        {
            html.Append($"<tr><td>{rank}</td><td class=\"method\"><code>{E(culprit.DisplayName)}</code>");
            if (culprit.Site.File is not null)
            {
                // The repository's path when known (the build machine's in the title), linked through Source Link when present.
                var at = E((culprit.Site.RepositoryFile ?? culprit.Site.File) + (culprit.Site.Line is { } line ? ":" + line : ""));
                var title = culprit.Site.RepositoryFile is null ? "" : $" title=\"{E(culprit.Site.File)}\"";
                html.Append(culprit.Site.SourceUrl is { } url && Uri.TryCreate(url, UriKind.Absolute, out var link) && link.Scheme is "https" or "http"
                    ? $"<div class=\"at\">at <a href=\"{E(link.AbsoluteUri)}\"><code{title}>{at}</code></a></div>"
                    : $"<div class=\"at\">at <code{title}>{at}</code></div>");
            }
            if (culprit.Package is { } package)
            {
                // Which is which: the package where the fix goes, the API it blocks in, the user's own frame.
                html.Append($"<div class=\"package\">package <code>{E(package.ToString())}</code> ({(package.Direct ? "referenced by the app" : "transitive")}): "
                    + $"the fix goes in its <code>{E(culprit.PackageMethod ?? culprit.Method)}</code>; blocking API <code>{E(culprit.Api)}</code>; "
                    + $"your frame {(culprit.UserFrame is { } user ? $"<code>{E(user)}</code>" : "none on the stack")}</div>");
            }
            if (culprit.Chain.Count > 1 || culprit.Package is not null)
            {
                html.Append($"<div class=\"chain\">chain: {string.Join(" &rarr; ", CulpritLines.ChainParts(culprit, repositoryPaths: true).Select(f => $"<code>{E(f)}</code>"))}</div>");
            }
            if (CallSiteNoteText.Line(culprit.Site.Note) is { } note)
            {
                html.Append($"<div class=\"note\">{E(note)}</div>");
            }
            if (CulpritHoldText.Of(culprit) is { } hold)
            {
                html.Append($"<div class=\"note\">{E(hold)}</div>");
            }
            if (culprit.Example.Count > 0)
            {
                html.Append("<details><summary>example stack</summary><ol class=\"stack\">");
                foreach (var frame in culprit.Example)
                {
                    html.Append($"<li>{E(CulpritLines.WithLine(frame.Method, frame.Source, repositoryPath: true))}</li>");
                }
                html.Append("</ol></details>");
            }
            html.Append($"</td><td class=\"entry\">{E(EntryText.Of(culprit.Entry) ?? "–")}</td><td class=\"kind\">{E(culprit.Kind.ToString())}</td><td><code>{E(culprit.ApiText)}</code></td>");
            html.Append($"<td class=\"num\">{culprit.Threads}</td><td class=\"num share\">{Percent(culprit.Share)}<span class=\"bar\" style=\"width:{N(Math.Clamp(culprit.Share, 0, 1) * 100, 0)}%\"></span></td>");
            html.Append($"<td class=\"num\">{(culprit.WaitMs > 0 ? N(culprit.WaitMs, 0) + " ms" : "–")}</td></tr>\n");
        }
        if (folded > 0)
        {
            // Kept in report.json; a row each would print "0 %" beside the culprits that hold the pool.
            html.Append($"<tr class=\"other\"><td></td><td colspan=\"5\">{E(CulpritRows.OtherLabel(folded))} (each under 1 % of pool-thread time; report.json lists them)</td><td class=\"num share\">{E(CulpritRows.Percent(foldedShare))}</td><td></td></tr>\n");
        }
        html.Append("</tbody>\n</table>\n</section>\n");
    }

    private static void Flame(StringBuilder html, DiagnosisReport r)
    {
        var (stacks, bySamples) = FlameStack.Of(r.Groups, r.Culprits);
        if (stacks.Count == 0)
        {
            return;
        }
        var culpritFrames = r.Culprits.SelectMany(c => c.ChainNames.Append(c.Method)).ToHashSet(StringComparer.Ordinal);
        FlameHtml.Append(html, stacks, bySamples ? "samples" : "threads", culpritFrames);
    }

    private static void Groups(StringBuilder html, DiagnosisReport r)
    {
        if (r.Groups.Count == 0)
        {
            return;
        }
        // A group under half a percent prints as 0 %: noise beside the groups that hold the pool. They stay in report.json.
        var shown = r.Groups.Where(g => g.Share >= 0.005).OrderByDescending(g => g.Threads).ThenByDescending(g => g.Share).ToList();
        var hidden = r.Groups.Count - shown.Count;
        html.Append("<section id=\"stacks\">\n<h2>Grouped stacks</h2>\n<p>Identical stacks merged, largest first; leaf frame on top.");
        if (hidden > 0)
        {
            html.Append($" {hidden} group{(hidden == 1 ? "" : "s")} under 0.5 % of the samples {(hidden == 1 ? "is" : "are")} left out here (report.json has every group).");
        }
        html.Append("</p>\n");
        foreach (var group in shown)
        {
            var leaf = group.Frames.Count > 0 ? group.Frames[0].Name : "(no frames)";
            html.Append($"<details class=\"group\"><summary><strong>{group.Threads} thread{(group.Threads == 1 ? "" : "s")}</strong> ({Percent(group.Share)} of samples)");
            html.Append(group.IsThreadPool ? " <span class=\"tag\">pool</span>" : "");
            html.Append($" <code>{E(leaf)}</code></summary><ol class=\"stack\">");
            foreach (var frame in group.Frames)
            {
                html.Append($"<li>{E(frame.Name)}</li>");
            }
            html.Append("</ol></details>\n");
        }
        html.Append("</section>\n");
    }

    private static void Advice(StringBuilder html, AdviceSet advice, string? fixCommand)
    {
        if (advice.Fixes.Count == 0 && advice.StopGap is null)
        {
            return;
        }
        html.Append("<section id=\"advice\">\n<h2>Advice</h2>\n");
        var first = true;
        foreach (var fix in advice.Fixes)
        {
            html.Append($"<article class=\"fix\"><h3>{E(fix.Headline)}</h3>\n<p class=\"for\">for <code>{E(fix.Method)}</code> ({E(fix.Kind.ToString())}, <code>{E(fix.Api)}</code>)</p>\n");
            html.Append($"<p>{E(fix.Explanation)}</p>\n<ul class=\"evidence\">");
            foreach (var line in AdviceEvidenceText.Lines(fix))
            {
                html.Append($"<li>{E(line)}</li>");
            }
            html.Append("</ul>\n");
            if (fix.CodeNote is not null)
            {
                html.Append($"<p class=\"code-note\">{E(fix.CodeNote)}</p>\n");
            }
            // No snippet when the blocking code is not the user's (inside a package, or an API with no async twin).
            if (fix.Before.Length > 0 || fix.After.Length > 0)
            {
                Change(html, fix);
            }
            if (first && fixCommand is not null)
            {
                html.Append($"<p class=\"next\">Next: rewrite, compile{(fixCommand.Contains(" --verify", StringComparison.Ordinal) ? " and verify it under the same load" : " and print the diff")}:</p>"
                    + $"<pre class=\"command\"><code id=\"fix-command\">{E(fixCommand)}</code></pre>\n");
            }
            first = false;
            html.Append("</article>\n");
        }
        if (advice.StopGap is { } gap)
        {
            html.Append($"<article class=\"stopgap\" id=\"minthreads\"><h3>Stop-gap: MinThreads = {gap.Value}</h3>\n");
            html.Append($"<p class=\"warning\"><strong>Palliative.</strong> {E(gap.Warning)}</p>\n");
            if (gap.Configured is { } configured)
            {
                html.Append($"<p class=\"configured\">{E(configured)}</p>\n");
            }
            html.Append($"<p><code>{E(gap.Formula)}</code>, with C = {gap.Cores} and B = {gap.PeakBlockedThreads}, sized from {E(gap.BlockedSource)}.</p>\n");
            foreach (var setting in gap.Settings)
            {
                html.Append($"<h4>{E(setting.Where)}</h4><pre><code class=\"language-{E(setting.Language)}\">{E(setting.Text)}</code></pre>\n");
            }
            html.Append("</article>\n");
        }
        html.Append("</section>\n");
    }

    /// <summary>
    /// The change as one unified diff, wrapped rather than scrolled (the issue's reader scrolled two 441 px panes to see
    /// `.Result` go); the user's lines followed by a pattern of the fix are not one text changed, so they stay two blocks.
    /// </summary>
    private static void Change(StringBuilder html, CulpritAdvice fix)
    {
        if (fix.Code != AdviceCode.SourceBefore && AdviceDiff.Of(fix.Before, fix.After) is var (header, lines))
        {
            html.Append("<pre class=\"diff\"><code>");
            // One block per line, its newline inside it, so a copy of the block is the diff's text.
            html.Append($"<span class=\"hunk\">{E(header)}\n</span>");
            foreach (var line in lines)
            {
                var kind = line.Mark switch { '-' => "del", '+' => "add", _ => "ctx" };
                html.Append($"<span class=\"{kind}\">{E(line.Mark + line.Text)}\n</span>");
            }
            html.Append("</code></pre>\n");
            return;
        }
        html.Append("<div class=\"snippets\">");
        html.Append($"<div><h4>before</h4><pre class=\"wrap\"><code class=\"language-csharp\">{E(fix.Before)}</code></pre></div>");
        html.Append($"<div><h4>after</h4><pre class=\"wrap\"><code class=\"language-csharp\">{E(fix.After)}</code></pre></div>");
        html.Append("</div>");
    }

    private static void Compare(StringBuilder html, IReadOnlyList<CompareRow> rows)
    {
        if (rows.Count == 0)
        {
            return;
        }
        html.Append("<section id=\"compare\">\n<h2>Before / after</h2>\n<table class=\"compare\">\n<thead><tr><th>variant</th><th>requests</th><th>req/s</th><th>mean ms</th><th>p99 ms</th><th>max ms</th><th>errors</th><th>peak threads</th><th>peak queue</th><th>verdict</th></tr></thead>\n<tbody>\n");
        foreach (var row in rows)
        {
            var answered = row.Requests > 0;
            html.Append($"<tr><td><code>{E(row.Variant)}</code></td><td class=\"num\">{row.Requests}</td><td class=\"num\">{N(row.RequestsPerSecond)}</td>");
            html.Append($"<td class=\"num\">{(answered ? N(row.MeanMs, 0) : "–")}</td><td class=\"num\">{(answered ? N(row.P99Ms, 0) : "–")}</td>");
            html.Append($"<td class=\"num\">{(answered ? N(row.MaxMs, 0) : "–")}</td><td class=\"num\">{row.Errors}</td>");
            html.Append($"<td class=\"num\">{(row.PeakThreads is { } t ? N(t, 0) : "–")}</td><td class=\"num\">{(row.PeakQueueLength is { } q ? N(q, 0) : "–")}</td>");
            html.Append($"<td>{E(row.Verdict?.ToString() ?? "–")}</td></tr>\n");
        }
        html.Append("</tbody>\n</table>\n</section>\n");
    }
}
