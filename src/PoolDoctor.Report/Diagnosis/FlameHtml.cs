using System.Text;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>The flame graph's section: a caption saying what width means, a legend, and the SVG (shared by report.html and `stacks --format html`).</summary>
internal static class FlameHtml
{
    /// <param name="unit">What width measures: "samples", "threads" (each thread once) or "weight" (blocked time, for a trace without samples).</param>
    public static void Append(StringBuilder html, IReadOnlyList<FlameStack> stacks, string unit, IReadOnlySet<string> culpritFrames)
    {
        html.Append("<section id=\"flame\">\n<h2>Flame graph of pool-thread stacks</h2>\n");
        html.Append($"<p>Outermost frame on top, callees below; a box's width is its share of the {unit}");
        html.Append(unit switch
        {
            "samples" => ".",
            "threads" => " (no samples per stack were counted, so each thread counts once).",
            _ => " (the trace has no samples: stacks are weighted by the time their wait events blocked).",
        });
        html.Append(" Hover a box for its full name, its share and its file:line when known.</p>\n");
        html.Append("<p class=\"legend\"><span class=\"swatch culprit\"></span> culprit (call site and the chain above it) "
            + "<span class=\"swatch user\"></span> user code <span class=\"swatch lib\"></span> framework and libraries</p>\n");
        html.Append("<figure class=\"flame\">");
        html.Append(SvgFlameGraph.Render("flame-graph", stacks, culpritFrames, unit));
        html.Append("</figure>\n</section>\n");
    }
}
