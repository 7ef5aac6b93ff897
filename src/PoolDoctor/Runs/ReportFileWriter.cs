using PoolDoctor.Cli.Options;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Runs;

/// <summary>Writes the report's JSON and HTML files (report.json and report.html unless -o named them); JSON first, so the data survives an HTML failure.</summary>
internal static class ReportFileWriter
{
    public static Task<(string Json, string Html)> WriteAsync(DiagnosisReport report, string directory) =>
        WriteAsync(report, new ReportPath(directory, "report", FolderForm: false));

    public static async Task<(string Json, string Html)> WriteAsync(DiagnosisReport report, ReportPath path)
    {
        var directory = path.Directory;
        try
        {
            Directory.CreateDirectory(directory);
            var json = path.Json;
            var html = path.Html;
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
