using System.Text;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The frame every page of the tool shares (report.html, `stacks --format html`): the head with its CSP, which
/// allows no script but the flame graph's own (by its hash) and the one stylesheet, and the end. A page that forgot the CSP would run whatever a method name smuggled in.
/// </summary>
internal static class HtmlPage
{
    /// <summary>No source at all but inline styles, data: images and the one script whose hash it names (<see cref="FlameScript"/>).</summary>
    public static string Csp { get; } = $"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src {FlameScript.CspSource}";

    /// <param name="escapedTitle">The title, its strings from the target already escaped.</param>
    public static void Open(StringBuilder html, string escapedTitle)
    {
        html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.Append($"<meta http-equiv=\"Content-Security-Policy\" content=\"{Csp}\">\n");
        html.Append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        html.Append($"<title>{escapedTitle}</title>\n");
        html.Append("<style>").Append(ReportStyle.Css).Append("</style>\n</head>\n<body>\n");
    }

    public static void Close(StringBuilder html) => html.Append("</body>\n</html>\n");
}
