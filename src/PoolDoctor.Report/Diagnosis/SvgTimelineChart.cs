using System.Text;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// One timeline chart as inline SVG, drawn by hand: axes with round ticks, the series as a polyline, vertical
/// markers, and optionally the runtime's injection events as dots on the line. No script, no external file:
/// the report must open offline and show the same thing in any browser (docs/report.md says why).
/// </summary>
internal static class SvgTimelineChart
{
    /// <summary>A chart across the column: a run long enough to need its width.</summary>
    public static readonly ChartFrame Wide = new(720, 212);

    /// <summary>
    /// A short run's chart (seconds of samples): two side by side on the page, each drawn at about its own size, so a
    /// 3-second record is not seven column-wide charts 2,500 px tall.
    /// </summary>
    public static readonly ChartFrame Compact = new(460, 176);

    private const int Left = 56;
    // Room for half of the last tick's label, centred on the axis' end: a UTC clock label ("HH:mm:ss") measured
    // 49.4 units wide at the ticks' 11 px in Debian's Chromium, so with 16 its last 9 units fell outside the drawing.
    private const int Right = 32;
    private const int Top = 14;
    private const int Bottom = 42;

    public static string Render(
        string id,
        string title,
        IReadOnlyList<(double X, double Y)> points,
        double xMax,
        IReadOnlyList<ChartMarker> markers,
        IReadOnlyList<InjectionEvent>? injections = null,
        double? yCeiling = null,
        DateTimeOffset? origin = null,
        IReadOnlyList<(double X, double Y)>? secondary = null,
        ChartFrame? frame = null,
        string empty = "no samples")
    {
        var (width, height) = frame ?? Wide;
        var plotW = width - Left - Right;
        var plotH = height - Top - Bottom;
        xMax = Math.Max(xMax, 1);
        var dataMax = points.Concat(secondary ?? []).Select(p => double.IsFinite(p.Y) ? p.Y : 0).DefaultIfEmpty(0).Max();
        if (injections is { Count: > 0 })
        {
            dataMax = Math.Max(dataMax, injections.Max(i => (double)i.NewWorkerThreadCount));
        }
        var yStep = NiceStep(Math.Max(yCeiling ?? dataMax, 1) / 4);
        var yMax = yCeiling ?? Math.Max(yStep * Math.Ceiling(dataMax / yStep), yStep);
        double Px(double x) => Left + (x / xMax * plotW);
        double Py(double y) => Top + plotH - (Math.Clamp(y, 0, yMax) / yMax * plotH);

        var svg = new StringBuilder();
        svg.Append($"<svg id=\"{Html.E(id)}\" class=\"chart\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{Html.E(title)}\" xmlns=\"http://www.w3.org/2000/svg\">");
        svg.Append($"<title>{Html.E(title)}</title>");
        for (var y = 0.0; y <= yMax + (yStep / 2); y += yStep)
        {
            var py = Html.N(Py(y), 1);
            svg.Append($"<line class=\"grid\" x1=\"{Left}\" x2=\"{Left + plotW}\" y1=\"{py}\" y2=\"{py}\"/>");
            svg.Append($"<text class=\"tick\" x=\"{Left - 6}\" y=\"{py}\" text-anchor=\"end\" dominant-baseline=\"middle\">{Html.N(y, y < 10 ? 1 : 0)}</text>");
        }
        // Whole seconds at least: the labels are whole seconds and a clock to the second, so a half-second step on a
        // short run printed "+0s" twice and put a 0.5 s verdict line over a "+0s" label.
        var xStep = Math.Max(1, NiceStep(xMax / 6));
        // With the watch's start known, the first label is UTC clock time (to match dashboards and logs) and the
        // seconds since the start go below it; without it, only the seconds.
        for (var x = 0.0; x <= xMax + (xStep / 100); x += xStep)
        {
            var px = Html.N(Px(x), 1);
            if (origin is { } start)
            {
                svg.Append($"<text class=\"tick clock\" x=\"{px}\" y=\"{height - 22}\" text-anchor=\"middle\">{TimeAxis.Clock(start, x)}</text>");
                svg.Append($"<text class=\"tick since\" x=\"{px}\" y=\"{height - 8}\" text-anchor=\"middle\">+{Html.N(x, 0)}s</text>");
            }
            else
            {
                svg.Append($"<text class=\"tick\" x=\"{px}\" y=\"{height - 10}\" text-anchor=\"middle\">{Html.N(x, 0)}s</text>");
            }
        }
        svg.Append($"<line class=\"axis\" x1=\"{Left}\" x2=\"{Left}\" y1=\"{Top}\" y2=\"{Top + plotH}\"/>");
        svg.Append($"<line class=\"axis\" x1=\"{Left}\" x2=\"{Left + plotW}\" y1=\"{Top + plotH}\" y2=\"{Top + plotH}\"/>");

        var row = 0;
        foreach (var marker in markers.Where(m => m.Seconds >= 0 && m.Seconds <= xMax))
        {
            var px = Html.N(Px(marker.Seconds), 1);
            var labelY = Top + 10 + (12 * row++);
            // A label right of its line would run past the drawing for a moment late in the run: there it goes left.
            var place = marker.Seconds > xMax / 2 ? "dx=\"-4\" text-anchor=\"end\"" : "dx=\"4\"";
            svg.Append($"<line class=\"marker {Html.E(marker.CssClass)}\" x1=\"{px}\" x2=\"{px}\" y1=\"{Top}\" y2=\"{Top + plotH}\"><title>{Html.E(marker.Label)}</title></line>");
            svg.Append($"<text class=\"marker-label {Html.E(marker.CssClass)}\" x=\"{px}\" y=\"{labelY}\" {place}>{Html.E(marker.Label)}</text>");
        }

        var finite = points.Where(p => double.IsFinite(p.X) && double.IsFinite(p.Y)).ToList();
        if (finite.Count > 0)
        {
            Polyline(svg, "series", finite, Px, Py);
            // A second line on the same axes (the load's p50 under its p99), drawn dashed.
            var second = (secondary ?? []).Where(p => double.IsFinite(p.X) && double.IsFinite(p.Y)).ToList();
            if (second.Count > 0)
            {
                Polyline(svg, "series secondary", second, Px, Py);
            }
        }
        else
        {
            svg.Append($"<text class=\"empty\" x=\"{Left + (plotW / 2)}\" y=\"{Top + (plotH / 2)}\" text-anchor=\"middle\">{Html.E(empty)}</text>");
        }

        foreach (var injection in injections ?? [])
        {
            svg.Append($"<circle class=\"injection {ReasonClass(injection.Reason)}\" cx=\"{Html.N(Px(injection.Seconds), 1)}\" cy=\"{Html.N(Py(injection.NewWorkerThreadCount), 1)}\" r=\"3.5\">");
            var when = origin is { } o ? $"{TimeAxis.Clock(o, injection.Seconds)} UTC, +{Html.N(injection.Seconds, 1)}s" : $"{Html.N(injection.Seconds, 1)}s";
            svg.Append($"<title>{when}: {injection.Reason} → {injection.NewWorkerThreadCount} threads</title></circle>");
        }
        svg.Append("</svg>");
        return svg.ToString();
    }

    private static void Polyline(StringBuilder svg, string cssClass, IReadOnlyList<(double X, double Y)> points, Func<double, double> px, Func<double, double> py)
    {
        svg.Append($"<polyline class=\"{cssClass}\" points=\"");
        foreach (var (x, y) in points)
        {
            svg.Append(Html.N(px(x), 1)).Append(',').Append(Html.N(py(y), 1)).Append(' ');
        }
        svg.Append("\"/>");
    }

    internal static string ReasonClass(AdjustmentReason reason) => reason switch
    {
        AdjustmentReason.Starvation => "starvation",
        AdjustmentReason.CooperativeBlocking => "cooperative",
        _ => "climbing",
    };

    /// <summary>1, 2 or 5 times a power of ten, at least <paramref name="rough"/>: ticks a reader can add up.</summary>
    internal static double NiceStep(double rough)
    {
        if (!double.IsFinite(rough) || rough <= 0)
        {
            return 1;
        }
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        var normalized = rough / magnitude;
        var nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10;
        return nice * magnitude;
    }
}
