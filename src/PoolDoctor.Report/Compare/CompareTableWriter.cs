using System.Globalization;
using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Report.Compare;

/// <summary>The before/after table as plain aligned text (stable in logs and the README) and as JSON.</summary>
public static class CompareTableWriter
{
    private static readonly string[] Headers = ["variant", "requests", "req/s", "mean ms", "p99 ms", "max ms", "errors", "peak threads", "peak queue", "verdict"];

    public static string Text(IReadOnlyList<CompareRow> rows)
    {
        var cells = rows.Select(r => new[]
        {
            r.Variant,
            r.Requests.ToString(CultureInfo.InvariantCulture),
            F(r.RequestsPerSecond, 1),
            // Latency of zero responses is not zero: it is unknown.
            r.Requests > 0 ? F(r.MeanMs, 0) : "-",
            r.Requests > 0 ? F(r.P99Ms, 0) : "-",
            r.Requests > 0 ? F(r.MaxMs, 0) : "-",
            r.Errors.ToString(CultureInfo.InvariantCulture),
            r.PeakThreads is { } t ? F(t, 0) : "-",
            r.PeakQueueLength is { } q ? F(q, 0) : "-",
            r.Verdict?.ToString() ?? "-",
        }).ToList();
        var widths = Headers.Select((h, i) => Math.Max(h.Length, cells.Count == 0 ? 0 : cells.Max(c => c[i].Length))).ToArray();
        var text = new StringBuilder();
        Line(text, Headers, widths);
        text.AppendLine(string.Join("  ", widths.Select(w => new string('-', w))));
        foreach (var row in cells)
        {
            Line(text, row, widths);
        }
        return text.ToString();
    }

    public static string Json(IReadOnlyList<CompareRow> rows) =>
        JsonSerializer.Serialize(new { schemaVersion = JsonSchemaVersion.Current, variants = rows }, ReportJsonWriter.Options);

    // Variant and verdict read left to right; figures align on the right so digits line up.
    private static void Line(StringBuilder text, IReadOnlyList<string> cells, int[] widths)
    {
        var parts = cells.Select((c, i) => i == 0 || i == cells.Count - 1 ? c.PadRight(widths[i]) : c.PadLeft(widths[i]));
        text.AppendLine(string.Join("  ", parts).TrimEnd());
    }

    private static string F(double value, int decimals) =>
        double.IsFinite(value) ? value.ToString("F" + decimals, CultureInfo.InvariantCulture) : "-";
}
