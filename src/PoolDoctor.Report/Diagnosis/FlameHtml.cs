using System.Text;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>The flame graph's section: a caption saying what width means, a legend, the search and zoom controls, the SVG and its script (shared by report.html and `stacks --format html`).</summary>
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
        html.Append(" Hover a box for its full name, its share and its file:line when known. Click a box (or Tab to it and press Enter) to zoom into it; "
            + "Escape or <em>Reset zoom</em> goes back. A dashed box is a frame the JIT inlined away, put back where the culprit's recovery says it ran.</p>\n");
        html.Append("<p class=\"legend\"><span class=\"swatch culprit\"></span> culprit (call site and the chain above it) "
            + "<span class=\"swatch user\"></span> user code <span class=\"swatch lib\"></span> framework and libraries "
            + "<span class=\"swatch recovered\"></span> inlined, recovered <span class=\"swatch match\"></span> search match</p>\n");
        html.Append("<div class=\"flame-controls\"><label for=\"flame-search\">Search frames</label> "
            + "<input type=\"search\" id=\"flame-search\" placeholder=\"method or type name\" autocomplete=\"off\" spellcheck=\"false\"> "
            + "<button type=\"button\" id=\"flame-reset\" disabled>Reset zoom</button> <span id=\"flame-status\" role=\"status\"></span></div>\n");
        html.Append("<figure class=\"flame\">");
        html.Append(SvgFlameGraph.Render("flame-graph", stacks, culpritFrames, unit));
        html.Append("</figure>\n");
        // The page's only script, allowed by its hash in the CSP (HtmlPage); it reads the boxes' data attributes only.
        html.Append("<script>").Append(FlameScript.Source).Append("</script>\n</section>\n");
    }
}
