using System.Diagnostics;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// Inputs are opened once and told apart by their first bytes (issue 37): a trace piped through process substitution
/// reads as the file does; a named pipe nobody writes to, a directory, a device, and a report that is no report each end
/// in one line naming the file, with exit 1.
/// </summary>
public sealed class InputOpenedOnceTests
{
    private static string Fixture => Path.Combine(ToolPaths.RepositoryRoot(), "tests", "PoolDoctor.Tests", "fixtures", "packages", "order-store.nettrace.gz");

    [Theory]
    [InlineData("zcat")]
    [InlineData("cat")]
    public async Task A_trace_read_through_a_pipe_names_the_same_culprit_as_the_file(string through)
    {
        var direct = await ToolRun.RunAsync(["analyze", Fixture, "--format", "json"], TimeSpan.FromSeconds(120));
        Assert.True(direct.ExitCode == 0, direct.ToString());
        // bash's <(...) hands the tool /dev/fd/N, a pipe that can be read once.
        var piped = await ThroughBashAsync($"exec \"$0\" \"$1\" analyze <({through} \"$2\") --format json", ToolPaths.DotnetHost, ToolPaths.ToolDll, Fixture);
        Assert.True(piped.ExitCode == 0, piped.ToString());
        Assert.Equal(Culprits(direct.StdOut), Culprits(piped.StdOut));
        Assert.NotEmpty(Culprits(direct.StdOut));
    }

    [Fact]
    public async Task A_named_pipe_without_a_writer_ends_in_one_line_after_its_bound()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-fifo-").FullName;
        try
        {
            var fifo = Path.Combine(folder, "trace.nettrace");
            using (var make = Process.Start("mkfifo", [fifo]))
            {
                await make.WaitForExitAsync();
            }
            var (result, waited) = await BoundedRun.RunAsync(["analyze", fifo]);
            AssertOneLine(result, $"'{fifo}' was not opened in 5 s: a named pipe (FIFO) opens only once something writes to it");
            Assert.True(waited < TimeSpan.FromSeconds(5 + 2), $"{waited.TotalSeconds:F1} s from the open to the exit\n{result}");
            // fix reads a report the same bounded way (Report/Diagnosis/ReportBytes): one line, not a hang.
            var clock = Stopwatch.StartNew();
            var fix = await ToolRun.RunAsync(["fix", fifo], TimeSpan.FromSeconds(60));
            AssertOneLine(fix, $"'{fifo}' gave no report in 5 s");
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(30), $"fix on a FIFO with no writer took {clock.Elapsed.TotalSeconds:F1} s\n{fix}");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_directory_is_named_as_one()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-dir-").FullName;
        try
        {
            AssertOneLine(await ToolRun.RunAsync("analyze", folder), $"'{folder}' is a directory");
            AssertOneLine(await ToolRun.RunAsync("fix", folder), $"'{folder}' is a directory");
        }
        finally
        {
            Directory.Delete(folder);
        }
    }

    [Fact]
    public async Task A_device_is_refused_by_its_first_bytes_without_reading_it_whole()
    {
        var analyze = await ToolRun.RunAsync("analyze", "/dev/zero");
        AssertOneLine(analyze, "'/dev/zero' is not a nettrace file");
        var fix = await ToolRun.RunAsync("fix", "/dev/zero");
        AssertOneLine(fix, "'/dev/zero' is not a report: a report is a JSON object and starts with '{', this starts with byte 0x00");
        // Reading /dev/zero whole took 6.8 s and 4.2 GB before; ReportBytesTests bounds the read itself (time, bytes).
        Assert.True(fix.Elapsed < TimeSpan.FromSeconds(30), fix.ToString());
    }

    private static List<string> Culprits(string json)
    {
        using var document = JsonDocument.Parse(json);
        return [.. document.RootElement.GetProperty("culprits").EnumerateArray().Select(c => c.GetProperty("method").GetString()!)];
    }

    private static void AssertOneLine(ToolResult result, string expected)
    {
        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Contains(expected, result.StdErr, StringComparison.Ordinal);
        Assert.True(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length == 1, result.ToString());
    }

    private static async Task<ToolResult> ThroughBashAsync(string script, params string[] args)
    {
        var info = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add("-c");
        info.ArgumentList.Add(script);
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }
        var clock = Stopwatch.StartNew();
        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(120));
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }
        return new ToolResult(process.ExitCode, await stdout, await stderr, clock.Elapsed);
    }
}
