using System.Globalization;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.IntegrationTests.Stacks;
using Xunit.Abstractions;

namespace PoolDoctor.IntegrationTests.OldRuntimes;

/// <summary>
/// Every verb against services on the runtimes they ship on: OldRuntimeLab published self-contained for .NET 8 and 9.
/// .NET 8 has neither CollectTracing4 nor the WaitHandleWait events, so `stacks` there falls back and says so; the
/// verdict and the culprit's kind and API must still be right. The handler's own name may be inlined away in Release,
/// so the method is not asserted here.
/// </summary>
public sealed class OldRuntimeTests(ITestOutputHelper output)
{
    private const int Connections = 125;
    private const string WaitEventsNote = "wait events need .NET 9+; using sampled stacks only";
    private const string RundownNote = "no trimmed method rundown before .NET 9 (CollectTracing4)";

    [SkippableTheory]
    [InlineData("net8.0", 8)]
    [InlineData("net9.0", 9)]
    public async Task Every_verb_works_and_taskwait_is_starving_sync_over_async(string framework, int major)
    {
        var build = await PublishAsync(framework);
        await using var lab = await OldRuntimeLabProcess.StartAsync(build.Executable);
        Assert.StartsWith($".NET {major}.", lab.Runtime, StringComparison.Ordinal);
        var pid = lab.ProcessId.ToString(CultureInfo.InvariantCulture);

        var counters = await ToolRun.RunAsync(["counters", "-p", pid, "--duration", "6s", "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(counters.ExitCode == 0, counters.ToString());
        var lines = counters.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(lines.Length >= 2, counters.ToString());
        Assert.All(lines, l => Assert.True(JsonDocument.Parse(l).RootElement.GetProperty("threadCount").GetInt32() > 0, counters.ToString()));

        await using var load = new LoopLoad(lab.Url("taskwait"), Connections, TimeSpan.FromSeconds(90));
        await Task.Delay(TimeSpan.FromSeconds(3));

        var detect = await ToolRun.RunAsync(["detect", "-p", pid, "--timeout", "30s", "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(detect.ExitCode == 0, detect.ToString());
        using (var verdict = JsonDocument.Parse(detect.StdOut))
        {
            Assert.True(verdict.RootElement.GetProperty("verdict").GetString() == "Starving", detect.ToString());
        }

        var stacks = await ToolRun.RunAsync(["stacks", "-p", pid, "--duration", "2s", "--format", "json"], TimeSpan.FromSeconds(90));
        Assert.True(stacks.ExitCode == 0, stacks.ToString());
        Assert.True(stacks.StdErr.Contains(WaitEventsNote, StringComparison.Ordinal) == major < 9, stacks.ToString());
        Assert.True(stacks.StdErr.Contains(RundownNote, StringComparison.Ordinal) == major < 9, stacks.ToString());
        using (var json = JsonDocument.Parse(stacks.StdOut))
        {
            var top = json.RootElement.GetProperty("culprits")[0];
            Assert.True(top.GetProperty("kind").GetString() == "SyncOverAsync", stacks.ToString());
            Assert.True(top.GetProperty("api").GetString() is "Task.Wait" or "Task.Result", stacks.ToString());
            Assert.True(top.GetProperty("share").GetDouble() >= 0.5, stacks.ToString());
        }

        using (var report = await DiagnoseAsync(pid))
        {
            AssertTopCulprit(report.RootElement, "SyncOverAsync", api => api is "Task.Wait" or "Task.Result");
        }
        Assert.False(lab.HasExited, lab.Output);
    }

    [SkippableTheory]
    [InlineData("net8.0", "sleep", "Sleep")]
    [InlineData("net8.0", "db/sync", "SyncIO")]
    [InlineData("net9.0", "sleep", "Sleep")]
    [InlineData("net9.0", "db/sync", "SyncIO")]
    public async Task Blocking_route_is_diagnosed_starving_with_its_kind_and_api(string framework, string route, string kind)
    {
        var build = await PublishAsync(framework);
        await using var lab = await OldRuntimeLabProcess.StartAsync(build.Executable);
        await using var load = new LoopLoad(lab.Url(route), Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(TimeSpan.FromSeconds(3));
        using (var report = await DiagnoseAsync(lab.ProcessId.ToString(CultureInfo.InvariantCulture)))
        {
            AssertTopCulprit(report.RootElement, kind, kind == "Sleep"
                ? api => api == "Thread.Sleep"
                : api => api.StartsWith("NetworkStream.", StringComparison.Ordinal) || api.StartsWith("Socket", StringComparison.Ordinal));
        }
        Assert.False(lab.HasExited, lab.Output);
    }

    [SkippableTheory]
    [InlineData("net8.0", "taskasyncwait")]
    [InlineData("net9.0", "db/async")]
    public async Task Async_twin_is_not_starving_and_has_no_culprit(string framework, string route)
    {
        var build = await PublishAsync(framework);
        await using var lab = await OldRuntimeLabProcess.StartAsync(build.Executable);
        var pid = lab.ProcessId.ToString(CultureInfo.InvariantCulture);
        await using var load = new LoopLoad(lab.Url(route), Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(TimeSpan.FromSeconds(3));

        var detect = await ToolRun.RunAsync(["detect", "-p", pid, "--timeout", "8s", "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(detect.ExitCode == 0, detect.ToString());
        using (var verdict = JsonDocument.Parse(detect.StdOut))
        {
            // CpuSaturated is honest here: the load generator shares the 2 cores. Starvation is what must not be reported.
            Assert.True(verdict.RootElement.GetProperty("verdict").GetString() is not ("Starving" or "BlockingCompensated"), detect.ToString());
        }
        var stacks = await ToolRun.RunAsync(["stacks", "-p", pid, "--duration", "2s", "--format", "json"], TimeSpan.FromSeconds(90));
        Assert.True(stacks.ExitCode == 0, stacks.ToString());
        using (var json = JsonDocument.Parse(stacks.StdOut))
        {
            Assert.All(json.RootElement.GetProperty("culprits").EnumerateArray(), c => Assert.True(c.GetProperty("share").GetDouble() <= 0.10, stacks.ToString()));
        }

        // The load reached the lab: a healthy verdict on an idle target would prove nothing.
        Assert.True(load.Completions.Count > 1000, $"{load.Completions.Count} responses in {load.Elapsed.TotalSeconds:F0} s");
    }

    private async Task<OldRuntimeLabBuild.Published> PublishAsync(string framework)
    {
        var build = await OldRuntimeLabBuild.PublishAsync(framework);
        output.WriteLine($"OldRuntimeLab {framework}: published in {build.PublishTime.TotalSeconds:F1} s (once per test run)");
        return build;
    }

    private static async Task<JsonDocument> DiagnoseAsync(string pid)
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-oldruntime-").FullName;
        try
        {
            var run = await ToolRun.RunAsync(["diagnose", "--min-duration", "0", "-p", pid, "--duration", "30s", "-o", output], TimeSpan.FromSeconds(90));
            Assert.True(run.ExitCode == 0, run.ToString());
            var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
            Assert.True(report.RootElement.GetProperty("verdict").GetString() == "Starving", run.ToString());
            return report;
        }
        finally
        {
            Directory.Delete(output, recursive: true);
        }
    }

    private static void AssertTopCulprit(JsonElement report, string kind, Func<string, bool> api)
    {
        var culprits = report.GetProperty("culprits");
        Assert.True(culprits.GetArrayLength() > 0, report.ToString());
        var top = culprits[0];
        Assert.True(top.GetProperty("kind").GetString() == kind, top.ToString());
        Assert.True(api(top.GetProperty("api").GetString()!), top.ToString());
    }
}
