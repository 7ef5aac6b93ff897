using System.Diagnostics;
using System.Text;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

public sealed class StacksCliTests
{
    [Fact]
    public async Task Target_keeps_serving_throughout_a_capture()
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = new LoopLoad(lab.Url("hello"), 8, TimeSpan.FromSeconds(60));
        await Task.Delay(TimeSpan.FromSeconds(1));
        var start = load.Elapsed.TotalSeconds;
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId, "--duration", "2s");
        var end = load.Elapsed.TotalSeconds;
        var during = load.Completions.Where(t => t >= start && t <= end).ToList();
        // Gaps between completed requests while the tool ran (start-up, 2 s of sampling, rundown, exit).
        var edges = during.Prepend(start).Append(end).ToList();
        var longestGap = edges.Zip(edges.Skip(1), (a, b) => b - a).Max();
        Assert.True(during.Count > 100, $"{during.Count} requests completed in {end - start:F1} s");
        Assert.True(longestGap < 1.0, $"no request completed for {longestGap:F2} s during the capture");
        Assert.True(json.RootElement.GetProperty("samples").GetInt32() > 0, run.ToString());
        Assert.False(lab.HasExited);
    }

    [Fact]
    public async Task Ctrl_C_stops_the_session_and_prints_what_was_sampled()
    {
        await using var lab = await LabProcess.StartAsync();
        var baseline = EventPipeThreads(lab.ProcessId);
        var info = new ProcessStartInfo(ToolPaths.DotnetHost)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[] { ToolPaths.ToolDll, "stacks", "-p", lab.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), "--duration", "60s" })
        {
            info.ArgumentList.Add(arg);
        }
        // As from a terminal, even when the suite runs in a background job (SIGINT inherited as ignored).
        InterruptSignal.EnsureDefault();
        using var tool = Process.Start(info)!;
        var stdout = tool.StandardOutput.ReadToEndAsync();
        var stderr = tool.StandardError.ReadToEndAsync();
        var clock = Stopwatch.StartNew();
        while (EventPipeThreads(lab.ProcessId) <= baseline && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            await Task.Delay(100);
        }
        Assert.True(EventPipeThreads(lab.ProcessId) > baseline, "the session never started");
        await Task.Delay(500);
        using (var kill = Process.Start("kill", ["-INT", tool.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await tool.WaitForExitAsync(limit.Token);
        var output = await stdout;
        Assert.True(tool.ExitCode == 130, $"exit {tool.ExitCode}\n{output}\n{await stderr}");
        Assert.Contains("Stacks of process", output);
        Assert.Contains("interrupted", await stderr);
        // The runtime's session threads (streaming, sampler) are gone: the session was stopped, not abandoned.
        clock.Restart();
        while (EventPipeThreads(lab.ProcessId) > baseline && clock.Elapsed < TimeSpan.FromSeconds(5))
        {
            await Task.Delay(100);
        }
        Assert.Equal(baseline, EventPipeThreads(lab.ProcessId));
        Assert.False(lab.HasExited);
    }

    [Fact]
    public async Task Output_trace_round_trips_through_analyze()
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = new LoopLoad(lab.Url("getresult"), 40, TimeSpan.FromSeconds(60));
        await Task.Delay(TimeSpan.FromSeconds(3));
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-it-{Guid.NewGuid():N}.nettrace");
        try
        {
            var (live, run) = await StacksJson.CaptureAsync(lab.ProcessId, "--output", path);
            Assert.True(File.Exists(path), run.ToString());
            var offline = await ToolRun.RunAsync(["analyze", path, "--format", "json"], TimeSpan.FromSeconds(60));
            Assert.True(offline.ExitCode == 0, offline.ToString());
            using var fromFile = JsonDocument.Parse(offline.StdOut);
            var a = StacksJson.Culprits(live)[0];
            var b = StacksJson.Culprits(fromFile)[0];
            Assert.Equal((a.Method, a.Kind, a.Threads), (b.Method, b.Kind, b.Threads));
            Assert.EndsWith("DiagScenarioController.GetResult", b.Method, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task Once_keeps_one_sample_per_thread()
    {
        await using var lab = await LabProcess.StartAsync();
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId, "--once", "--all", "--raw");
        var stacks = json.RootElement.GetProperty("threadStacks").EnumerateArray().ToList();
        Assert.NotEmpty(stacks);
        Assert.All(stacks, s => Assert.Equal(1, s.GetProperty("samples").GetInt32()));
        Assert.Equal(stacks.Count, stacks.Select(s => s.GetProperty("threadId").GetInt32()).Distinct().Count());
        Assert.Contains(stacks, s => s.GetProperty("frames").EnumerateArray().Any(f => f.GetProperty("name").GetString()!.Contains("Main", StringComparison.Ordinal)));
        Assert.True(run.Elapsed < TimeSpan.FromSeconds(60));
    }

    [Fact]
    public async Task Target_exiting_mid_capture_gives_one_line()
    {
        await using var lab = await LabProcess.StartAsync();
        var run = ToolRun.RunAsync(["stacks", "-p", lab.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), "--duration", "20s"], TimeSpan.FromSeconds(60));
        var baseline = 1;
        var clock = Stopwatch.StartNew();
        while (EventPipeThreads(lab.ProcessId) <= baseline && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            await Task.Delay(100);
        }
        using (var target = Process.GetProcessById(lab.ProcessId))
        {
            target.Kill();
        }
        var result = await run;
        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.Contains("target exited", result.StdErr);
        Assert.True(result.Elapsed < TimeSpan.FromSeconds(19), result.ToString());
    }

    [Theory]
    [InlineData(1, "stacks", "-p", "999999")]
    [InlineData(2, "stacks", "-p", "1", "--duration", "soon")]
    [InlineData(2, "stacks")]
    public async Task Bad_calls_give_one_line(int exitCode, params string[] args)
    {
        var run = await ToolRun.RunAsync(args, TimeSpan.FromSeconds(30));
        Assert.True(run.ExitCode == exitCode, run.ToString());
        Assert.Single(run.StdErr.Trim().Split('\n'));
    }

    private static int EventPipeThreads(int pid)
    {
        var count = 0;
        foreach (var task in Directory.EnumerateDirectories($"/proc/{pid}/task"))
        {
            try
            {
                if (File.ReadAllText(Path.Combine(task, "comm"), Encoding.ASCII).StartsWith(".NET EventPipe", StringComparison.Ordinal))
                {
                    count++;
                }
            }
            catch (IOException)
            {
            }
        }
        return count;
    }
}
