using System.Text.Json;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Tests.Runs;

/// <summary>A capture's trace and speedscope file: written beside the trace, moved into the report's folder, or deleted.</summary>
public sealed class CaptureFilesTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("pooldoctor-capture-files-").FullName;

    private static readonly DisplayThread[] Threads =
    [
        new(7, true, 90, [new("Monitor.Wait", false), new("Shop.Orders.Load", true) { Source = new("/src/shop/Orders.cs", 42) }, new("ThreadPoolWorkQueue.Dispatch", false)]),
        new(8, true, 10, [new("Thread.Sleep", false), new("ThreadPoolWorkQueue.Dispatch", false)]),
        new(1, false, 50, [new("Console.ReadLine", false)]),
    ];

    [Fact]
    public void Keep_writes_a_speedscope_file_of_the_pool_threads_beside_the_trace()
    {
        var trace = Trace("a");
        var files = CaptureFiles.Keep(trace, "shop (pid 42)", Threads);
        var moved = files.MoveInto(Path.Combine(_root, "report"), notice: null);

        Assert.Equal(new("capture.nettrace", "capture.speedscope.json"), moved);
        using var json = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(_root, "report", "capture.speedscope.json")));
        Assert.Equal("PoolDoctor stacks of shop (pid 42)", json.RootElement.GetProperty("name").GetString());
        // The pool's two threads, not the main thread.
        Assert.Equal(["Thread 7 (thread pool)", "Thread 8 (thread pool)"], json.RootElement.GetProperty("profiles").EnumerateArray().Select(p => p.GetProperty("name").GetString()));
        var frame = json.RootElement.GetProperty("shared").GetProperty("frames").EnumerateArray().Single(f => f.GetProperty("name").GetString() == "Shop.Orders.Load");
        Assert.Equal(42, frame.GetProperty("line").GetInt32());
        Assert.Equal("trace bytes", File.ReadAllText(Path.Combine(_root, "report", "capture.nettrace")));
        Assert.False(File.Exists(trace));
        Assert.Empty(Directory.GetFiles(_root));
    }

    [Fact]
    public void Discard_deletes_both_files_and_is_a_no_op_once_moved()
    {
        var files = CaptureFiles.Keep(Trace("b"), "shop", Threads);
        Assert.Equal(2, Directory.GetFiles(_root).Length);
        files.Discard();
        Assert.Empty(Directory.GetFiles(_root));

        var kept = CaptureFiles.Keep(Trace("c"), "shop", Threads);
        kept.MoveInto(Path.Combine(_root, "report"), notice: null);
        kept.Discard();
        Assert.Equal(2, Directory.GetFiles(Path.Combine(_root, "report")).Length);
    }

    [Fact]
    public void A_folder_that_cannot_take_them_costs_the_evidence_in_one_line_and_leaves_nothing_behind()
    {
        var blocked = Path.Combine(_root, "not-a-folder");
        File.WriteAllText(blocked, "a file where the report's folder should be");
        var files = CaptureFiles.Keep(Trace("d"), "shop", Threads);
        var notes = new List<string>();

        Assert.Null(files.MoveInto(blocked, notes.Add));

        var note = Assert.Single(notes);
        Assert.StartsWith($"the capture's files were not kept in '{blocked}'", note);
        Assert.DoesNotContain('\n', note);
        Assert.Equal([blocked], Directory.GetFiles(_root));
    }

    [Fact]
    public void Pruning_a_watch_report_folder_deletes_its_evidence_with_it()
    {
        var reports = Path.Combine(_root, "reports");
        var t0 = new DateTimeOffset(2026, 11, 25, 3, 0, 0, TimeSpan.Zero);
        var folders = Enumerable.Range(0, 3).Select(i => ReportRetention.FolderFor(reports, t0.AddMinutes(i * 10), 42)).ToList();
        foreach (var folder in folders)
        {
            CaptureFiles.Keep(Trace(Path.GetFileName(folder)), "shop", Threads).MoveInto(folder, notice: null);
            File.WriteAllText(Path.Combine(folder, "report.json"), "{}");
        }

        ReportRetention.Prune(reports, keep: 1);

        Assert.Equal([folders[^1]], Directory.GetDirectories(reports));
        Assert.Equal(["capture.nettrace", "capture.speedscope.json", "report.json"], Directory.GetFiles(folders[^1]).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    private string Trace(string name)
    {
        var path = Path.Combine(_root, $"pooldoctor-diagnose-{name}.nettrace");
        File.WriteAllText(path, "trace bytes");
        return path;
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
