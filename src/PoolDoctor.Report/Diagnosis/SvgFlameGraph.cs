using System.Text;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// An icicle graph of pool-thread stacks as inline SVG, drawn by hand like the timeline; its zoom and search are one hash-allowed script (docs/report.md).
/// The outermost frame is the top row, callees below; a box's width is its share of the weight. User frames, library
/// frames and the culprits' frames (call site and chain) have their own class, and every box has a &lt;title&gt; with the
/// full name, its weight and share, and file:line when known. Names come from the target and are HTML-escaped. A frame a
/// culprit's recovery put back (the JIT inlined it) is drawn like the others, classed `recovered` and marked in its title.
/// Each box carries its unzoomed place in data attributes for the page's zoom (<see cref="FlameScript"/>).
/// </summary>
internal static class SvgFlameGraph
{
    private const int Width = 960;
    private const int RowHeight = 18;
    private const double CharWidth = 6.6; // 11 px monospace, measured in Chromium: labels are cut to what fits
    private const double MinBoxWidth = 0.5;

    public static string Render(string id, IReadOnlyList<FlameStack> stacks, IReadOnlySet<string> culpritFrames, string unit)
    {
        var root = new Node("all pool threads", 0);
        foreach (var stack in stacks)
        {
            root.Weight += stack.Weight;
            var node = root;
            // Frames are leaf first; the icicle grows from the outermost frame down.
            for (var i = stack.Frames.Count - 1; i >= 0; i--)
            {
                var frame = stack.Frames[i];
                node = node.Child(frame.Name);
                node.Weight += stack.Weight;
                node.User |= frame.IsUser;
                node.Source ??= frame.Source;
                node.Recovered ??= frame.Recovered;
            }
        }
        var depth = Depth(root, Width);
        var height = (depth + 1) * RowHeight;
        var svg = new StringBuilder();
        svg.Append($"<svg id=\"{Html.E(id)}\" class=\"flame\" viewBox=\"0 0 {Width} {height}\" role=\"img\" aria-label=\"flame graph of pool-thread stacks\" xmlns=\"http://www.w3.org/2000/svg\">");
        if (root.Weight == 0)
        {
            svg.Append($"<text class=\"empty\" x=\"{Width / 2}\" y=\"{RowHeight - 5}\" text-anchor=\"middle\">no pool-thread stacks</text></svg>");
            return svg.ToString();
        }
        Box(svg, root, -1, new Counter(), 0, 0, Width, root.Weight, culpritFrames, unit, isRoot: true);
        svg.Append("</svg>");
        return svg.ToString();
    }

    private static void Box(StringBuilder svg, Node node, int parent, Counter counter, double x, int row, double width, long total, IReadOnlySet<string> culpritFrames, string unit, bool isRoot = false)
    {
        var index = counter.Next++;
        var kind = isRoot ? "root" : culpritFrames.Contains(node.Name) ? "culprit" : node.User ? "user" : "lib";
        var share = (double)node.Weight / total;
        // The repository's path when known: the title is read on other machines than the build's.
        var at = node.Source is { } s ? $"\n{s.RepositoryFile ?? s.File}:{s.Line}" : "";
        var what = kind == "culprit" ? "culprit" : kind == "user" ? "user code" : null;
        var tag = (what, node.Recovered) switch
        {
            (null, null) => "",
            (_, null) => $" ({what})",
            (null, _) => $" ({node.Recovered})",
            _ => $" ({what}; {node.Recovered})",
        };
        // A sliver is too thin to see or hover at this zoom: it stays in the page, hidden, for the zoom and the search to reach.
        var classes = $"frame {kind}{(node.Recovered is null ? "" : " recovered")}{(width < MinBoxWidth ? " sliver" : "")}";
        // data-*: the box's place in the unzoomed graph and its full name, which the page's script reads (never as markup).
        svg.Append($"<g class=\"{classes}\" data-name=\"{Html.E(node.Name)}\" data-x=\"{Html.N(x, 3)}\" data-w=\"{Html.N(width, 4)}\" data-row=\"{row}\" data-i=\"{index}\" data-p=\"{parent}\" tabindex=\"0\">");
        svg.Append($"<title>{Html.E($"{node.Name}{tag}\n{node.Weight} {unit}, {Html.Percent(share)}{at}")}</title>");
        svg.Append($"<rect x=\"{Html.N(x, 1)}\" y=\"{row * RowHeight}\" width=\"{Html.N(Math.Max(width - 1, 0.5), 1)}\" height=\"{RowHeight - 2}\" rx=\"2\"/>");
        svg.Append($"<text x=\"{Html.N(x + 3, 1)}\" y=\"{(row * RowHeight) + 12}\">{Html.E(Label(node.Name, width))}</text>");
        svg.Append("</g>");
        var childX = x;
        foreach (var child in node.Children.Values.OrderByDescending(c => c.Weight).ThenBy(c => c.Name, StringComparer.Ordinal))
        {
            var childWidth = width * child.Weight / node.Weight;
            Box(svg, child, index, counter, childX, row + 1, childWidth, total, culpritFrames, unit);
            childX += childWidth;
        }
    }

    /// <summary>The name cut to what fits a box this wide (the page's script cuts the same way when it zooms); empty below 3 characters.</summary>
    internal static string Label(string name, double width)
    {
        var fits = (int)((width - 6) / CharWidth);
        return fits < 3 ? "" : name.Length <= fits ? name : name[..(fits - 1)] + "…";
    }

    // Rows only as deep as a box that is drawn: slivers too thin to draw must not leave an empty band below the graph.
    private static int Depth(Node node, double width)
    {
        var drawn = node.Children.Values.Where(c => width * c.Weight / node.Weight >= MinBoxWidth).ToList();
        return drawn.Count == 0 ? 0 : 1 + drawn.Max(c => Depth(c, width * c.Weight / node.Weight));
    }

    private sealed class Counter
    {
        public int Next { get; set; }
    }

    private sealed class Node(string name, long weight)
    {
        public string Name { get; } = name;
        public long Weight { get; set; } = weight;
        public bool User { get; set; }
        public Model.Stacks.SourceLocation? Source { get; set; }
        public string? Recovered { get; set; }
        public Dictionary<string, Node> Children { get; } = new(StringComparer.Ordinal);

        public Node Child(string frame)
        {
            if (!Children.TryGetValue(frame, out var child))
            {
                child = new Node(frame, 0);
                Children[frame] = child;
            }
            return child;
        }
    }
}
