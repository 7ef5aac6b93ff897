namespace PoolDoctor.Tests.Runs;

/// <summary>What `--show-child-io` and a failed command's tail rest on: every line the command prints, and its exit code.</summary>
public sealed class LaunchedTargetOutputTests
{
    [Fact]
    public async Task Every_line_of_stdout_and_stderr_reaches_the_echo_and_the_tail_keeps_them()
    {
        var echoed = new List<string>();
        await using var launched = LaunchedTarget.Start("/bin/sh", ["-c", "echo 'Failed Invoice_total'; echo '  the total left out the tax' >&2; exit 3"],
            line => { lock (echoed) { echoed.Add(line); } });

        Assert.Equal(3, await launched.WaitForExitAsync(CancellationToken.None));

        Assert.Equal(3, launched.ExitCode);
        lock (echoed)
        {
            Assert.Equal(new[] { "Failed Invoice_total", "  the total left out the tax" }.Order(), echoed.Order());
        }
        Assert.Equal(new[] { "Failed Invoice_total", "  the total left out the tax" }.Order(), launched.LastLines.Order());
        Assert.Contains("the total left out the tax", launched.LastOutput);
    }

    [Fact]
    public async Task No_exit_code_while_it_runs()
    {
        await using var launched = LaunchedTarget.Start("/bin/sh", ["-c", "sleep 30"]);

        Assert.Null(launched.ExitCode);
    }
}
