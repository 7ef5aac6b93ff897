using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.IntegrationTests.Load;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>`diagnose` against a real lab process under real load from a separate `load` process.</summary>
public sealed class DiagnoseTests
{
    [Fact]
    public async Task Taskwait_under_load_is_diagnosed_blocked_with_TaskWait_as_the_sync_over_async_culprit()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = ToolRun.RunAsync(["load", lab.Url("taskwait"), "-c", "125", "-d", "20s"], TimeSpan.FromSeconds(90));
        await Task.Delay(1000);
        var output = Directory.CreateTempSubdirectory("pooldoctor-diagnose-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "-p", lab.ProcessId.ToString(), "--duration", "30s", "-o", output], TimeSpan.FromSeconds(90));
        Assert.True(result.ExitCode == 0, result.ToString());

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Contains(root.GetProperty("verdict").GetString(), new[] { "Starving", "BlockingCompensated" });
        Assert.False(root.GetProperty("partial").GetBoolean());
        var top = root.GetProperty("culprits")[0];
        Assert.EndsWith("TaskWait", top.GetProperty("method").GetString());
        Assert.Equal("SyncOverAsync", top.GetProperty("kind").GetString());
        // The default --min-duration (10 s) keeps watching after the verdict: the record has a tail, not the 2 s around it.
        var seconds = root.GetProperty("samples").EnumerateArray().Select(s => s.GetProperty("seconds").GetDouble()).ToList();
        var verdictAt = root.GetProperty("verdictAtSeconds").GetDouble();
        // At least 5 s after the verdict, not 9 s after the start: under a loaded CI the counter samples arrive late (8.3 s
        // once, beside three other test runs), and the tail is what this checks.
        Assert.True(seconds[^1] >= verdictAt + 5, $"the last sample at {seconds[^1]:0.0} s, verdict at {verdictAt:0.0} s\n{result}");
        Assert.True(seconds.Count(s => s > verdictAt) >= 8, $"{seconds.Count(s => s > verdictAt)} samples after the verdict at {verdictAt:0.0} s");
        Assert.Contains("await", root.GetProperty("advice").GetProperty("fixes")[0].GetProperty("after").GetString());
        Assert.True(root.GetProperty("advice").GetProperty("minThreads").GetProperty("value").GetInt32() > 2);
        // The stop-gap is sized against what the pool runs with now, read from the lab itself.
        var configured = root.GetProperty("advice").GetProperty("minThreads").GetProperty("configured").GetString();
        Assert.Contains($"runs with MinThreads {root.GetProperty("target").GetProperty("minWorkerThreads").GetInt32()}, below this value", configured);
        Assert.Contains("Source of that minimum: the runtime's default", configured);
        Assert.True(File.Exists(Path.Combine(output, "report.html")));
        Assert.Contains("TaskWait", result.StdOut);
        await load;

        // The capture is kept beside the report, and it is the evidence the culprit came from: read again, it names it.
        var files = root.GetProperty("evidenceFiles");
        var trace = Path.Combine(output, files.GetProperty("nettrace").GetString()!);
        var speedscope = Path.Combine(output, files.GetProperty("speedscope").GetString()!);
        Assert.Equal("Nettrace", System.Text.Encoding.ASCII.GetString(File.ReadAllBytes(trace), 0, 8));
        // The speedscope file holds the frames as sampled: in tier-1 code TaskWait is inlined into the action's dynamic
        // method (the report recovers it from the IL), so what every blocked pool thread shows there is the wait itself.
        using (var profile = JsonDocument.Parse(await File.ReadAllTextAsync(speedscope)))
        {
            Assert.Contains(profile.RootElement.GetProperty("profiles").EnumerateArray(), p => p.GetProperty("name").GetString()!.EndsWith("(thread pool)"));
            Assert.Contains(profile.RootElement.GetProperty("shared").GetProperty("frames").EnumerateArray(), f => f.GetProperty("name").GetString() == "Monitor.Wait");
        }
        var again = await ToolRun.RunAsync(["analyze", trace, "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(again.ExitCode == 0, again.ToString());
        using var reread = JsonDocument.Parse(again.StdOut);
        Assert.EndsWith("TaskWait", reread.RootElement.GetProperty("culprits")[0].GetProperty("method").GetString());
    }

    [Fact]
    public async Task Taskasyncwait_under_load_is_healthy_with_no_culprit()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = LoadRun.RunAsync(lab.Url("taskasyncwait"), connections: 125, duration: "12s");
        await Task.Delay(1000);
        var output = Directory.CreateTempSubdirectory("pooldoctor-diagnose-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", "9s", "-o", output], TimeSpan.FromSeconds(60));
        Assert.True(result.ExitCode == 0, result.ToString());

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Equal("Healthy", root.GetProperty("verdict").GetString());
        Assert.Equal(0, root.GetProperty("culprits").GetArrayLength());
        Assert.Equal(JsonValueKind.Null, root.GetProperty("capture").ValueKind);
        Assert.Equal(JsonValueKind.Null, root.GetProperty("evidenceFiles").ValueKind);
        Assert.Equal(["report.html", "report.json"], Directory.GetFiles(output).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal(JsonValueKind.Null, root.GetProperty("advice").GetProperty("minThreads").ValueKind);
        Assert.True(root.GetProperty("samples").GetArrayLength() >= 5);
        // "Healthy" proves nothing unless the load reached the lab.
        var served = await load;
        Assert.True(served.Requests > 0 && served.Success > 0, $"the load got no 2xx from the lab\n{served.Raw}");
    }

    [Fact]
    public async Task A_target_killed_mid_run_leaves_a_partial_report_that_is_valid_json()
    {
        await using var lab = await LabProcess.StartAsync();
        var output = Directory.CreateTempSubdirectory("pooldoctor-diagnose-").FullName;
        {
            var diagnose = ToolRun.RunAsync(["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", "40s", "-o", output], TimeSpan.FromSeconds(60));
            // Start-up of the tool plus two counter intervals; a loaded 2-core box needs the margin.
            await Task.Delay(8000);
            using (var target = System.Diagnostics.Process.GetProcessById(lab.ProcessId))
            {
                target.Kill();
            }
            var result = await diagnose;
            Assert.True(result.ExitCode == 1, result.ToString());
            Assert.Contains("partial report written", result.StdErr);
            Assert.Single(result.StdErr.Trim().Split('\n'), l => l.Contains("error", StringComparison.Ordinal));

            using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
            var root = report.RootElement;
            Assert.True(root.GetProperty("partial").GetBoolean());
            Assert.Contains("exited", root.GetProperty("reason").GetString());
            Assert.True(root.GetProperty("samples").GetArrayLength() >= 1, "the intervals seen before the exit are kept");
            Assert.Contains("Partial report", await File.ReadAllTextAsync(Path.Combine(output, "report.html")));
        }
    }

    [Fact]
    public async Task Ctrl_C_writes_a_partial_report_and_exits_130_while_the_target_keeps_serving()
    {
        await using var lab = await LabProcess.StartAsync();
        var output = Directory.CreateTempSubdirectory("pooldoctor-diagnose-").FullName;
        var info = new System.Diagnostics.ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[] { ToolPaths.ToolDll, "diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", "40s", "-o", output })
        {
            info.ArgumentList.Add(arg);
        }
        // As from a terminal, even when the suite runs in a background job (SIGINT inherited as ignored).
        InterruptSignal.EnsureDefault();
        using var diagnose = System.Diagnostics.Process.Start(info)!;
        var stderr = diagnose.StandardError.ReadToEndAsync();
        var stdout = diagnose.StandardOutput.ReadToEndAsync();
        await Task.Delay(8000);
        using (var kill = System.Diagnostics.Process.Start("kill", ["-INT", diagnose.Id.ToString()]))
        {
            await kill.WaitForExitAsync();
        }
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await diagnose.WaitForExitAsync(limit.Token);
        Assert.True(diagnose.ExitCode == 130, $"exit {diagnose.ExitCode}\n{await stdout}\n{await stderr}");

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        Assert.True(report.RootElement.GetProperty("partial").GetBoolean());
        Assert.Contains("interrupted", report.RootElement.GetProperty("reason").GetString());
        Assert.True(report.RootElement.GetProperty("samples").GetArrayLength() >= 1);
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        Assert.Equal("hello", await http.GetStringAsync(lab.Url("hello")));
    }

    [Fact]
    public async Task Diagnose_without_a_target_is_a_one_line_usage_error()
    {
        var result = await ToolRun.RunAsync("diagnose");
        Assert.Equal(2, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.Contains("-p/--process-id", result.StdErr);
    }

    [Fact]
    public async Task Diagnose_can_launch_the_target_after_a_double_dash()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-diagnose-").FullName;
        var port = FreePort.Next();
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--duration", "4s", "-o", output, "--", ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(60));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        Assert.False(report.RootElement.GetProperty("partial").GetBoolean());
        Assert.Contains(port.ToString(), report.RootElement.GetProperty("target").GetProperty("commandLine").GetString());
        Assert.True(report.RootElement.GetProperty("samples").GetArrayLength() >= 2);
        // The lab sets neither bound: the pool runs at the runtime's defaults, as the target itself gives them.
        var target = report.RootElement.GetProperty("target");
        Assert.Equal(target.GetProperty("processorCount").GetInt32(), target.GetProperty("minWorkerThreads").GetInt32());
        Assert.Equal(32767, target.GetProperty("maxWorkerThreads").GetInt32());
        Assert.NotEmpty(target.GetProperty("liveLimits").EnumerateArray());
        Assert.Contains("min/max worker threads: " + target.GetProperty("processorCount").GetInt32() + " / 32767 (the runtime's defaults, ", result.StdOut.ReplaceLineEndings(" "));
    }
}
