using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Runs;

/// <summary>Writes report.json and report.html into the output directory; JSON first, so the data survives an HTML failure.</summary>
internal static class ReportFiles
{
    public static async Task<(string Json, string Html)> WriteAsync(DiagnosisReport report, string directory)
    {
        try
        {
            Directory.CreateDirectory(directory);
            var json = Path.Combine(directory, "report.json");
            var html = Path.Combine(directory, "report.html");
            // Never cancelled: a partial report after Ctrl+C is exactly what must reach the disk.
            await ReportJsonWriter.WriteFileAsync(report, json, CancellationToken.None);
            Collect.SelfTiming.ToolTimeline.Mark("json-written");
            await ReportHtmlWriter.WriteFileAsync(report, html, CancellationToken.None);
            return (json, html);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new RunFailedException($"cannot write the report into '{directory}': {e.Message}", e);
        }
    }
}
