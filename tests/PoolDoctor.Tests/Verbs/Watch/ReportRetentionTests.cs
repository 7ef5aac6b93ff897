using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Tests.Verbs.Watch;

public sealed class ReportRetentionTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), $"pooldoctor-retention-{Guid.NewGuid():N}");

    [Fact]
    public void Keeps_the_newest_report_folders_and_nothing_else_is_touched()
    {
        var t0 = new DateTimeOffset(2026, 11, 23, 3, 0, 0, TimeSpan.Zero);
        var folders = Enumerable.Range(0, 5).Select(i => ReportRetention.FolderFor(_root, t0.AddMinutes(i * 7), 4242)).ToList();
        foreach (var folder in folders)
        {
            Directory.CreateDirectory(folder);
            File.WriteAllText(Path.Combine(folder, "report.json"), "{}");
        }
        Directory.CreateDirectory(Path.Combine(_root, "notes"));
        File.WriteAllText(Path.Combine(_root, "README.txt"), "mine");

        var deleted = ReportRetention.Prune(_root, keep: 2);

        Assert.Equal(folders.Take(3), deleted);
        Assert.Equal(folders.Skip(3), Directory.GetDirectories(_root).Where(d => Path.GetFileName(d) != "notes").Order(StringComparer.Ordinal));
        Assert.True(Directory.Exists(Path.Combine(_root, "notes")));
        Assert.True(File.Exists(Path.Combine(_root, "README.txt")));
        Assert.Equal("20261123T032800Z-pid4242", Path.GetFileName(folders[4]));
    }

    [Fact]
    public void An_unwritable_directory_is_a_one_line_run_failure()
    {
        File.WriteAllText(_root, "a file, not a directory");
        var e = Assert.Throws<RunFailedException>(() => ReportRetention.CheckWritable(Path.Combine(_root, "reports")));
        Assert.StartsWith("--reports: cannot write into", e.Message);
        Assert.DoesNotContain('\n', e.Message);
    }

    public void Dispose()
    {
        if (Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
        else if (File.Exists(_root))
        {
            File.Delete(_root);
        }
    }
}
