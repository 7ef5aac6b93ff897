using System.Text;
using PoolDoctor.Model.Diagnosis;
using static PoolDoctor.Report.Diagnosis.Html;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The section that links the capture's files kept beside the report (relative links, so the folder can be moved,
/// zipped or attached to a ticket whole) and says what opens each.
/// </summary>
internal static class EvidenceHtml
{
    public const string Id = "evidence-files";

    public static void Append(StringBuilder html, KeptCaptureFiles? files)
    {
        if (files is null)
        {
            return;
        }
        html.Append($"<section id=\"{Id}\">\n<h2>Evidence files</h2>\n<p>The stack capture this report was read from, kept beside it:</p>\n<ul class=\"evidence-files\">");
        html.Append($"<li><a href=\"{Href(files.Nettrace)}\"><code>{E(files.Nettrace)}</code></a>: the trace as the runtime recorded it "
            + "(samples, wait events, method names); open it in PerfView or read it again with <code>dotnet-pooldoctor analyze</code>.</li>");
        html.Append($"<li><a href=\"{Href(files.Speedscope)}\"><code>{E(files.Speedscope)}</code></a>: the pool threads' stacks, one profile per thread, "
            + "with file:line on the user's frames; open it in speedscope (speedscope.app, or <code>npx speedscope</code> offline).</li>");
        html.Append("</ul>\n</section>\n");
    }

    // A relative path as a URL: each segment escaped, so a space or '#' in a name never breaks the link.
    private static string Href(string relative) =>
        E(string.Join('/', relative.Split('/', '\\').Select(Uri.EscapeDataString)));
}
