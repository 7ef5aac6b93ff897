using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Load;

/// <summary>
/// `load` against the lab in its own process, at bombardier's defaults (125 connections, 10 s) as in Microsoft's
/// tutorial: the awaited endpoint stays near its 500 ms, the blocking ones starve the pool and are far slower.
/// Each blocking scenario gets a fresh lab, because a pool that has already grown would hide the starvation.
/// Runs use a 15 s request timeout (the load itself is the same) so a fully starved lab cannot stretch a test.
/// </summary>
public sealed class LoadAgainstLabTests
{
    private static async Task<LoadRun> LoadFreshLabAsync(string route, string? connectionString = null)
    {
        await using var lab = await LabProcess.StartAsync(connectionString);
        return await LoadRun.RunAsync(lab.Url(route));
    }

    private static void AssertHealthy(LoadRun run, string route)
    {
        Assert.True(run.Requests > 125, $"{route}: only {run.Requests} responses\n{run.Raw}");
        Assert.True(run.MeanMs < 800, $"{route}: mean latency {run.MeanMs} ms is not under 800 ms\n{run.Raw}");
        Assert.Equal(run.Requests, run.Success);
        Assert.Equal(0, run.NonSuccess);
        Assert.Equal(0, run.Errors);
    }

    private static void AssertAtLeastTwiceAsSlow(LoadRun blocking, LoadRun baseline, string route)
    {
        // Only timeouts and answers: any other error would mean the load, not the lab, misbehaved.
        Assert.True(blocking.Requests + blocking.Timeouts > 0 && blocking.Errors == blocking.Timeouts, $"{route}: unexpected errors\n{blocking.Raw}");
        Assert.True(blocking.MeanLowerBoundMs >= 2 * baseline.MeanMs,
            $"{route}: mean latency (timeouts counted at the timeout) {blocking.MeanLowerBoundMs} ms is not at least twice the awaited endpoint's {baseline.MeanMs} ms\n{blocking.Raw}");
    }

    [Fact]
    public async Task Taskwait_and_tasksleepwait_are_at_least_twice_as_slow_as_taskasyncwait_which_stays_under_800_ms()
    {
        var baseline = await LoadFreshLabAsync("taskasyncwait");
        AssertHealthy(baseline, "taskasyncwait");

        AssertAtLeastTwiceAsSlow(await LoadFreshLabAsync("taskwait"), baseline, "taskwait");
        AssertAtLeastTwiceAsSlow(await LoadFreshLabAsync("tasksleepwait"), baseline, "tasksleepwait");
    }

    [SkippableFact]
    public async Task With_real_PostgreSQL_db_async_stays_under_800_ms_and_db_sync_is_at_least_twice_as_slow()
    {
        var connectionString = PostgresFixture.Require();
        var baseline = await LoadFreshLabAsync("db/async", connectionString);
        AssertHealthy(baseline, "db/async");
        AssertAtLeastTwiceAsSlow(await LoadFreshLabAsync("db/sync", connectionString), baseline, "db/sync");
    }

    [Fact]
    public async Task A_think_time_serves_far_fewer_requests_paced_by_the_pause_not_by_the_server()
    {
        await using var lab = await LabProcess.StartAsync();
        // Both runs against a warm server: in one CI run the first (flat) run spent about 2 of its 3 s on the cold lab's
        // first requests (p99 1,986 ms) and did 1,150 requests against the paced run's 345.
        await LoadRun.RunAsync(lab.Url("hello"), connections: 20, duration: "1s");
        var flat = await LoadRun.RunAsync(lab.Url("hello"), connections: 20, duration: "3s");
        var paced = await LoadRun.RunAsync(lab.Url("hello"), connections: 20, duration: "3s", extra: ["--think-time", "100-200ms"]);

        Assert.Equal(0, flat.Errors + paced.Errors);
        // 20 users pausing 150 ms on average for 3 s: about 400 requests; at most 600 even if every pause were the shortest.
        Assert.InRange(paced.Requests, 150, 620);
        // Far fewer, whatever else loads the machine: beside three other test classes 20 connections without a pause did
        // 3,410 requests against 354 with one (9.6 x); the bound above is what shows the pause sets the pace.
        Assert.True(flat.Requests > 5 * paced.Requests, $"without a think time {flat.Requests} requests, with one {paced.Requests}\n{flat.Raw}\n{paced.Raw}");
    }

    [Fact]
    public async Task A_think_time_that_is_not_a_range_is_one_line_and_exit_code_2()
    {
        var result = await ToolRun.RunAsync(["load", "http://127.0.0.1:1/", "--think-time", "200ms-100ms"], TimeSpan.FromSeconds(60));
        Assert.Equal(2, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.Contains("--think-time", result.StdErr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_refused_connection_is_one_line_and_exit_code_1()
    {
        var result = await ToolRun.RunAsync(["load", $"http://127.0.0.1:{FreePort.Next()}/api/diagscenario/hello", "-d", "2s"], TimeSpan.FromSeconds(60));
        Assert.Equal(1, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.Contains("refused", result.StdErr);
        Assert.Equal("", result.StdOut.Trim());
    }

    [Theory]
    [InlineData("not-a-url")]
    [InlineData("ftp://127.0.0.1/x")]
    public async Task A_bad_url_is_one_line_and_exit_code_2(string url)
    {
        var result = await ToolRun.RunAsync(["load", url], TimeSpan.FromSeconds(60));
        Assert.Equal(2, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.DoesNotContain("   at ", result.StdErr);
    }

    [Fact]
    public async Task Text_output_redirected_has_no_progress_bar_and_bombardiers_sections()
    {
        await using var lab = await LabProcess.StartAsync();
        var result = await ToolRun.RunAsync(["load", lab.Url("hello"), "-c", "4", "-n", "200"], TimeSpan.FromSeconds(60));
        Assert.Equal(0, result.ExitCode);
        Assert.DoesNotContain('\r', result.StdOut + result.StdErr);
        Assert.Contains("Statistics        Avg      Stdev        Max", result.StdOut);
        Assert.Contains("2xx - 200,", result.StdOut);
        Assert.Contains("Requests:         200 in", result.StdOut);
    }
}
