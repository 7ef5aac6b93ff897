using System.Text.RegularExpressions;
using PoolDoctor.Cli;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Shared;
using PoolDoctor.Verbs.Diagnose;

namespace PoolDoctor.Tests.Verbs.Diagnose;

/// <summary>`diagnose`'s summary and live line through the injected console, with no process started.</summary>
public sealed partial class DiagnoseConsoleTests
{
    [Theory]
    [InlineData(80)]
    [InlineData(140)]
    [InlineData(200)]
    public void The_summary_fits_the_width_and_breaks_no_culprit_word(int width)
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var console = new TestConsole(width);
        new DiagnoseConsole(console, status: null).Written(new DiagnoseWritten(report, "r1/report.json", "r1/report.html", [], null));

        var lines = console.StdOut.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        Assert.All(lines, l => Assert.True(l.Length <= width, $"{l.Length} > {width}: {l}"));
        // Every word of every culprit cell stands whole on one line: no `DiagScenari/oController`.
        foreach (var c in report.Culprits.Take(3))
        {
            foreach (var word in Words(c.DisplayName).Concat(Words(c.ApiText)).Concat(Words(EntryText.Of(c.Entry) ?? "")))
            {
                Assert.Contains(lines, l => l.Contains(word, StringComparison.Ordinal));
            }
        }
        Assert.Contains("Report: r1/report.json and r1/report.html", console.StdOut);
        Assert.Equal("", console.StdErr);
    }

    [Fact]
    public void A_wide_console_gets_the_table_and_a_narrow_one_a_block_per_culprit()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var wide = new TestConsole(200);
        var narrow = new TestConsole(80);
        new DiagnoseConsole(wide, null).Written(new DiagnoseWritten(report, "a", "b", [], null));
        new DiagnoseConsole(narrow, null).Written(new DiagnoseWritten(report, "a", "b", [], null));
        Assert.Contains("method (call site)", wide.StdOut);
        Assert.DoesNotContain("method (call site)", narrow.StdOut);
        Assert.Contains("1. " + report.Culprits[0].DisplayName, narrow.StdOut);
    }

    [Fact]
    public void The_culprit_file_is_the_repository_path_the_html_shows()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var top = report.Culprits[0];
        var site = top.Site with { File = "/home/builder/src/lab/Controllers/DiagScenarioController.cs", RepositoryFile = "src/lab/Controllers/DiagScenarioController.cs", Line = 42 };
        report = report with { Culprits = [top with { Site = site }, .. report.Culprits.Skip(1)] };
        var console = new TestConsole(120);
        new DiagnoseConsole(console, null).Written(new DiagnoseWritten(report, "a", "b", [], null));
        Assert.Contains("at src/lab/Controllers/DiagScenarioController.cs:42", console.StdOut);
        Assert.DoesNotContain("/home/builder", console.StdOut);
    }

    [Theory]
    [InlineData(60)]
    [InlineData(80)]
    [InlineData(140)]
    public void The_live_line_never_wraps_and_is_erased_at_the_end(int width)
    {
        var console = new TestConsole(width, terminal: true);
        var live = LiveStatusLine.ForTerminal(console)!;
        var sample = new CounterSample(3, 118, 11400, 250, 12, 2, 0, 40);
        for (var s = 1; s <= 3; s++)
        {
            live.Report(new LiveStatus(s, VerdictKind.BlockingCompensated, sample with { Seconds = s }, "capturing stacks of the blocked threads"));
        }
        live.WriteAbove("[lab] a line of the launched command's own");
        live.Report(new LiveStatus(4, VerdictKind.Starving, sample, "watching"));
        live.Clear();

        var text = Ansi().Replace(console.StdErr, "\n");
        var pieces = text.Split('\n', '\r').Where(p => p.Trim().Length > 0).ToList();
        Assert.Contains(pieces, p => p.Contains("BlockingCompensated", StringComparison.Ordinal));
        Assert.Contains(pieces, p => p.Contains("[lab] a line of the launched command's own", StringComparison.Ordinal));
        Assert.All(pieces, p => Assert.True(p.Length < width, $"{p.Length} >= {width}: {p}"));
        // Spectre's live display clears its line at the end: the last thing written is no status line.
        var tail = console.StdErr[console.StdErr.LastIndexOf("Starving", StringComparison.Ordinal)..];
        Assert.Matches("\u001b\\[2K|\u001b\\[K", tail);
        Assert.Equal("", console.StdOut);
    }

    [Theory]
    [InlineData(200)]
    [InlineData(80)]
    [InlineData(40)]
    public void Fit_cuts_the_line_one_column_short_of_the_width_and_marks_the_cut(int width)
    {
        var line = LiveStatusLine.Format(new LiveStatus(12, VerdictKind.Starving, new CounterSample(12, 118, 11400, 250, 12, 2, 0, 40), "capturing stacks"));
        var fitted = LiveStatusLine.Fit(line, width);
        if (line.Length < width)
        {
            Assert.Equal(line, fitted);
        }
        else
        {
            Assert.True(fitted.Length <= width - 1, fitted);
            Assert.EndsWith("…", fitted);
            Assert.StartsWith(fitted.TrimEnd('…'), line, StringComparison.Ordinal);
        }
    }

    private static IEnumerable<string> Words(string text) => text.Split(' ', StringSplitOptions.RemoveEmptyEntries);

    // Control sequences (cursor moves, erases, colours): each splits what is shown into separate pieces.
    [GeneratedRegex("\u001b\\[[0-9;?]*[A-Za-z]")]
    private static partial Regex Ansi();
}
