using System.Globalization;
using PoolDoctor.IntegrationTests.Counters;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>`watch` beside a real lab: one report per episode within the cooldown, SIGTERM, re-attach by name.</summary>
public sealed class WatchTests : IDisposable
{
    private static readonly TimeSpan Generous = TimeSpan.FromSeconds(60);
    private readonly string _reports = Path.Combine(Path.GetTempPath(), $"pooldoctor-watch-{Guid.NewGuid():N}");

    [Fact]
    public async Task Writes_one_report_per_episode_within_the_cooldown_and_exits_cleanly_on_SIGTERM()
    {
        await using var lab = await LabProcess.StartAsync();
        var baseline = EventPipeThreads.Count(lab.ProcessId);
        await using var watch = ToolProcess.Start("watch", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--reports", _reports, "--cooldown", "10m");
        await watch.WaitForLineAsync("attached to", Generous);

        await using (LoopbackLoad.Start(lab.Url("taskwait"), 125, TimeSpan.FromSeconds(15)))
        {
            await watch.WaitForLineAsync("report written", Generous);
        }
        await watch.WaitForLineAsync("episode ended", Generous);
        // The first episode left ~125 pool threads alive: more connections than that starve the pool again.
        await using (LoopbackLoad.Start(lab.Url("taskwait"), 400, TimeSpan.FromSeconds(15)))
        {
            var second = await watch.WaitForLineAsync("episode began", Generous, count: 2);
            Assert.Contains("no report", second);
        }

        var exit = await watch.TerminateAsync(TimeSpan.FromSeconds(30));
        Assert.True(exit == 0, $"exit {exit}\n{watch.StdOut}\n{watch.StdErr}");
        Assert.Contains("stopped (signal)", watch.StdOut);
        var folder = Assert.Single(Directory.GetDirectories(_reports));
        Assert.Contains("TaskWait", await File.ReadAllTextAsync(Path.Combine(folder, "report.json")));
        Assert.True(File.Exists(Path.Combine(folder, "report.html")));
        // The episode's capture is kept in its folder (so --keep prunes it with the report), and report.json names it.
        Assert.True(new FileInfo(Path.Combine(folder, "capture.nettrace")).Length > 0);
        // The speedscope file holds the frames as sampled: once tier-1 code inlines TaskWait into the action's dynamic
        // method, what the blocked pool threads show there is the wait itself (report.json, above, names TaskWait).
        using (var profile = System.Text.Json.JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(folder, "capture.speedscope.json"))))
        {
            Assert.Contains(profile.RootElement.GetProperty("profiles").EnumerateArray(), p => p.GetProperty("name").GetString()!.EndsWith("(thread pool)"));
            Assert.Contains(profile.RootElement.GetProperty("shared").GetProperty("frames").EnumerateArray(), f => f.GetProperty("name").GetString() == "Monitor.Wait");
        }
        Assert.Contains("\"nettrace\": \"capture.nettrace\"", await File.ReadAllTextAsync(Path.Combine(folder, "report.json")));
        Assert.Single(watch.StdOut.Split('\n'), l => l.Contains("report written", StringComparison.Ordinal));
        // Journal friendly: no escape sequences when stdout is not a terminal.
        Assert.DoesNotContain('\u001b', watch.StdOut);
        Assert.Equal(baseline, await EventPipeThreads.SettleAsync(lab.ProcessId, baseline, TimeSpan.FromSeconds(10)));
        Assert.False(lab.HasExited);
    }

    [Fact]
    public async Task With_dump_writes_a_core_dump_beside_the_episodes_report()
    {
        await using var lab = await LabProcess.StartAsync();
        await using var watch = ToolProcess.Start("watch", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--reports", _reports, "--dump", "mini");
        await watch.WaitForLineAsync("attached to", Generous);

        string line;
        await using (LoopbackLoad.Start(lab.Url("taskwait"), 125, TimeSpan.FromSeconds(20)))
        {
            line = await watch.WaitForLineAsync("dump written", Generous);
        }

        var exit = await watch.TerminateAsync(TimeSpan.FromSeconds(30));
        Assert.True(exit == 0, $"exit {exit}\n{watch.StdOut}\n{watch.StdErr}");
        var folder = Assert.Single(Directory.GetDirectories(_reports));
        var dump = Path.Combine(folder, $"core.{lab.ProcessId}.dmp");
        Assert.Contains(dump, line, StringComparison.Ordinal);
        var head = new byte[4];
        await using (var file = File.OpenRead(dump))
        {
            await file.ReadExactlyAsync(head);
        }
        Assert.Equal("\u007fELF"u8.ToArray(), head);
        Assert.True(File.Exists(Path.Combine(folder, "report.json")));
        Assert.False(lab.HasExited);
    }

    [Fact]
    public async Task Reattaches_by_name_when_the_service_restarts()
    {
        using var renamed = new RenamedLab();
        var first = await renamed.StartAsync();
        int firstPid;
        await using var watch = ToolProcess.Start("watch", "-n", renamed.Name, "--reports", _reports);
        try
        {
            firstPid = first.ProcessId;
            await watch.WaitForLineAsync($"attached to {renamed.Name} (pid {firstPid})", Generous);
        }
        finally
        {
            await first.DisposeAsync();
        }
        await watch.WaitForLineAsync("waiting for", Generous);
        await using var second = await renamed.StartAsync();
        Assert.NotEqual(firstPid, second.ProcessId);
        await watch.WaitForLineAsync($"attached to {renamed.Name} (pid {second.ProcessId})", Generous);
        await watch.WaitForLineAsync($"pid {second.ProcessId}: verdict", Generous);

        Assert.Equal(0, await watch.TerminateAsync(TimeSpan.FromSeconds(30)));
        Assert.Equal(1, await EventPipeThreads.SettleAsync(second.ProcessId, 1, TimeSpan.FromSeconds(10)));
    }

    [Theory]
    [InlineData("--trigger", "queue>>200", 2, "--trigger: 'queue>>200'")]
    [InlineData("--trigger", "latency>1s", 2, "unknown signal 'latency'")]
    [InlineData("--reports", "/proc/pooldoctor-cannot-write-here", 1, "--reports: cannot write into")]
    [InlineData("--metrics", "not-a-port", 2, "--metrics: 'not-a-port'")]
    public async Task Bad_input_is_one_line_and_a_non_zero_exit(string option, string value, int code, string message)
    {
        var args = new List<string> { "watch", "-p", Environment.ProcessId.ToString(CultureInfo.InvariantCulture), option, value };
        if (option != "--reports")
        {
            args.AddRange(["--reports", _reports]);
        }
        var run = await ToolRun.RunAsync(args, TimeSpan.FromSeconds(30));
        Assert.Equal(code, run.ExitCode);
        Assert.Contains(message, run.StdErr);
        Assert.Single(run.StdErr.Trim().Split('\n'));
    }

    [Fact]
    public async Task A_metrics_port_in_use_is_one_line_and_exit_1_before_attaching()
    {
        using var taken = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        taken.Start();
        var port = ((System.Net.IPEndPoint)taken.LocalEndpoint).Port;
        var run = await ToolRun.RunAsync(["watch", "-p", Environment.ProcessId.ToString(CultureInfo.InvariantCulture), "--reports", _reports, "--metrics", $"127.0.0.1:{port}"], TimeSpan.FromSeconds(30));
        Assert.Equal(1, run.ExitCode);
        Assert.Contains($"--metrics: cannot listen on 127.0.0.1:{port}", run.StdErr);
        Assert.Single(run.StdErr.Trim().Split('\n'));
        Assert.DoesNotContain("attached", run.StdOut);
    }

    public void Dispose()
    {
        if (Directory.Exists(_reports))
        {
            Directory.Delete(_reports, recursive: true);
        }
    }
}
