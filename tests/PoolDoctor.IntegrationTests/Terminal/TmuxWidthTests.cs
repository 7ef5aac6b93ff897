using System.Diagnostics;
using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Terminal;

/// <summary>
/// `diagnose` on a real pty (a tmux pane) of a given width, against the lab under load: the live line never wraps and
/// leaves no trail, and the summary breaks no culprit word. COLUMNS, when set, is the width the tool lays out for.
/// </summary>
public sealed partial class TmuxWidthTests
{
    [SkippableTheory]
    [InlineData(80, null)]
    [InlineData(140, null)]
    [InlineData(200, 100)] // COLUMNS=100 in a 200-column pane: the tool lays out for 100
    public async Task Diagnose_fits_the_terminal_the_live_line_never_wraps(int paneWidth, int? columns)
    {
        if (!File.Exists("/usr/bin/tmux"))
        {
            throw MissingDependency.SkipOrFail("tmux", "scripts/install-test-deps.sh installs it");
        }
        var width = columns ?? paneWidth;
        await using var lab = await LabProcess.StartAsync();
        var output = Directory.CreateTempSubdirectory("pooldoctor-tmux-").FullName;
        var socket = "pooldoctor-test-" + Guid.NewGuid().ToString("N")[..12];
        var command = $"{(columns is { } c ? $"COLUMNS={c} " : "")}{Quote(ToolPaths.DotnetHost)} {Quote(ToolPaths.ToolDll)} diagnose -p {lab.ProcessId} "
            + $"--load {lab.Url("taskwait")} -c 125 -d 8s -o {Quote(output)}; echo POOLDOCTOR-EXIT=$?; sleep 600";
        await Tmux(socket, "new-session", "-d", "-x", paneWidth.ToString(), "-y", "60", command);
        try
        {
            var liveSeen = 0;
            string final = "";
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < TimeSpan.FromSeconds(90))
            {
                // -J joins the rows a wrapped line took: a live line that wrapped comes back longer than the pane.
                var joined = await Tmux(socket, "capture-pane", "-p", "-J", "-t", "0");
                foreach (var line in joined.Split('\n').Where(l => LiveLine().IsMatch(l)))
                {
                    liveSeen++;
                    Assert.True(line.TrimEnd().Length < width, $"the live line wrapped at {width} columns: {line}");
                }
                if (joined.Contains("POOLDOCTOR-EXIT=", StringComparison.Ordinal))
                {
                    final = await Tmux(socket, "capture-pane", "-p", "-t", "0", "-S", "-500");
                    break;
                }
                await Task.Delay(150);
            }
            Assert.True(final.Length > 0, "diagnose did not end within 90 s");
            Assert.Contains("POOLDOCTOR-EXIT=0", final);
            Assert.True(liveSeen > 0, "the live line was never seen");
            var rows = final.Split('\n').Select(r => r.TrimEnd()).ToList();
            Assert.DoesNotContain(rows, r => LiveLine().IsMatch(r)); // no trail once the watch ended
            Assert.All(rows, r => Assert.True(r.Length <= width, $"a row wider than {width}: {r}"));

            using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
            var culprit = report.RootElement.GetProperty("culprits")[0];
            var words = new[] { "displayName", "api", "entry" }
                .Select(k => culprit.TryGetProperty(k, out var v) ? v.GetString() ?? "" : "")
                .SelectMany(t => t.Split(' ', StringSplitOptions.RemoveEmptyEntries))
                .Where(w => w.Length < width)
                .ToList();
            Assert.NotEmpty(words);
            foreach (var word in words)
            {
                Assert.True(rows.Any(r => r.Contains(word, StringComparison.Ordinal)), $"'{word}' is broken across rows at {width} columns:\n{final}");
            }
        }
        finally
        {
            await Tmux(socket, "kill-server");
        }
    }

    private static string Quote(string s) => "'" + s.Replace("'", "'\\''") + "'";

    private static async Task<string> Tmux(string socket, params string[] args)
    {
        var start = new ProcessStartInfo("tmux") { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add("-L");
        start.ArgumentList.Add(socket);
        foreach (var a in args)
        {
            start.ArgumentList.Add(a);
        }
        using var tmux = Process.Start(start)!;
        var text = await tmux.StandardOutput.ReadToEndAsync();
        await tmux.WaitForExitAsync();
        return text;
    }

    // The live status line: elapsed seconds, a verdict, then the counters (see LiveStatusLine.Format).
    [GeneratedRegex(@"^\s*\d+s\s+\w+\s+threads\s+\d+\s+queue")]
    private static partial Regex LiveLine();
}
