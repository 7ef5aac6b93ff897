using System.Globalization;
using System.Text.RegularExpressions;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// `watch --reports DIR --keep N`: each report goes into DIR/&lt;UTC time&gt;-pid&lt;PID&gt;/; only folders named that way
/// are ever deleted (oldest first, by name, which sorts by time), so nothing else a user keeps in DIR is touched.
/// </summary>
internal static partial class ReportRetention
{
    public static string FolderFor(string root, DateTimeOffset at, int pid) =>
        Path.Combine(root, at.UtcDateTime.ToString("yyyyMMdd'T'HHmmss'Z'", CultureInfo.InvariantCulture) + $"-pid{pid.ToString(CultureInfo.InvariantCulture)}");

    /// <summary>Deletes the oldest report folders beyond <paramref name="keep"/>; returns the ones deleted.</summary>
    public static IReadOnlyList<string> Prune(string root, int keep)
    {
        var reports = Directory.EnumerateDirectories(root)
            .Where(d => ReportFolder().IsMatch(Path.GetFileName(d)))
            .Order(StringComparer.Ordinal)
            .ToList();
        var deleted = new List<string>();
        foreach (var old in reports.Take(Math.Max(0, reports.Count - keep)))
        {
            Directory.Delete(old, recursive: true);
            deleted.Add(old);
        }
        return deleted;
    }

    /// <summary>Creates the directory and proves it writable, so a bad --reports fails at start, not at 3 a.m.</summary>
    public static void CheckWritable(string root)
    {
        try
        {
            Directory.CreateDirectory(root);
            var probe = Path.Combine(root, $".pooldoctor-probe-{Environment.ProcessId}");
            File.WriteAllText(probe, "");
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            throw new RunFailedException($"--reports: cannot write into '{root}': {e.Message}", e);
        }
    }

    [GeneratedRegex(@"^\d{8}T\d{6}Z-pid\d+$", RegexOptions.CultureInvariant)]
    private static partial Regex ReportFolder();
}
