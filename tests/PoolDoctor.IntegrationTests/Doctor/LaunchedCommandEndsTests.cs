using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// `diagnose -- COMMAND` when the command is not a target that can be watched: it exits at once (its own output reaches
/// the user, streamed or not), it names a .dll that does not exist (one line, no report of the SDK's host), the SDK's
/// host fails in its place (no report), or it is a launcher that exits 0 (named as such).
/// </summary>
public sealed class LaunchedCommandEndsTests
{
    private const string ExitsAtOnce = "echo out; echo boom >&2; exit 4";

    [Fact]
    public async Task Show_child_io_shows_both_lines_of_a_command_that_exits_at_once()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-exit4-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "--show-child-io", "-o", output, "--", "bash", "-c", ExitsAtOnce], TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 1, result.ToString());
        var lines = result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.Contains("[bash] out", lines);
        Assert.Contains("[bash] boom", lines);
        var error = Assert.Single(lines, l => l.Contains("error:", StringComparison.Ordinal));
        Assert.Contains("'bash' exited with code 4 before it could be watched", error);
        Assert.False(File.Exists(Path.Combine(output, "report.json")));
    }

    [Fact]
    public async Task Without_show_child_io_the_error_line_carries_the_commands_output()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-exit4-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "-o", output, "--", "bash", "-c", ExitsAtOnce], TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 1, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("'bash' exited with code 4 before it could be watched: ", error);
        Assert.Contains("out", error[error.IndexOf("watched: ", StringComparison.Ordinal)..]);
        Assert.Contains("boom", error[error.IndexOf("watched: ", StringComparison.Ordinal)..]);
    }

    [Fact]
    public async Task A_missing_dll_is_one_line_naming_it_and_no_report()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-missing-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "-o", output, "--", ToolPaths.DotnetHost, "missing.dll"], TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 1, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("'missing.dll' does not exist", error);
        Assert.Empty(result.StdOut);
        Assert.Empty(Directory.GetFiles(output));
    }

    [Fact]
    public async Task The_sdk_host_failing_in_the_apps_place_is_not_diagnosed()
    {
        // Not a .dll, so no check up front: the muxer hands the name to the SDK, whose host runs managed code (a
        // diagnostics endpoint the doctor attaches to) just long enough to print "Could not execute…" and exit 1.
        var output = Directory.CreateTempSubdirectory("pooldoctor-sdkhost-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "-o", output, "--", ToolPaths.DotnetHost, "no-such-command-here"], TimeSpan.FromSeconds(90));

        Assert.True(result.ExitCode == 1, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries), l => l.Contains("error:", StringComparison.Ordinal));
        Assert.Contains("exited with code 1", error);
        Assert.Contains("Could not execute", error);
        Assert.DoesNotContain("partial report written", result.StdErr);
        Assert.Empty(Directory.GetFiles(output));
    }

    [Fact]
    public async Task A_launcher_that_exits_0_is_named_as_such()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-launcher-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "-o", output, "--", "sh", "-c", "sleep 1 >/dev/null &"], TimeSpan.FromSeconds(60));

        Assert.True(result.ExitCode == 1, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("'sh' exited with code 0 before it could be watched: it is a launcher", error);
        Assert.Contains("--child", error);
        Assert.Empty(Directory.GetFiles(output));
    }

    [Fact]
    public async Task A_bare_word_before_the_double_dash_is_a_bad_call()
    {
        var result = await ToolRun.RunAsync(["diagnose", "foo"], TimeSpan.FromSeconds(30));

        Assert.True(result.ExitCode == 2, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("unexpected argument 'foo': to launch a command, put it after --", error);
    }
}
