namespace PoolDoctor.Report.Diagnosis;

/// <summary>Writes a report file beside its final name and renames it over, so a reader (or a crash mid-write) never sees half a file.</summary>
internal static class ReportFile
{
    public static async Task WriteAsync(string path, string content, CancellationToken cancellationToken)
    {
        var temp = path + ".tmp";
        await File.WriteAllTextAsync(temp, content, cancellationToken);
        File.Move(temp, path, overwrite: true);
    }
}
