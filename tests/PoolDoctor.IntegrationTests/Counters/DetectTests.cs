using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>`detect` attached to a real lab under real loopback load.</summary>
public class DetectTests
{
    private static async Task<(ToolResult Run, JsonElement Json)> DetectAsync(LabProcess lab, string timeout)
    {
        var run = await ToolRun.RunAsync(["detect", "-p", lab.ProcessId.ToString(), "--timeout", timeout, "--format", "json"], TimeSpan.FromSeconds(90));
        Assert.True(run.ExitCode == 0, run.ToString());
        return (run, JsonDocument.Parse(run.StdOut).RootElement.Clone());
    }

    [Fact]
    public async Task Taskwait_under_load_is_starving_within_15_seconds()
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = LoopbackLoad.Start(lab.Url("taskwait"), connections: 125, duration: TimeSpan.FromSeconds(30));
        var (run, json) = await DetectAsync(lab, "15s");
        Assert.True(json.GetProperty("verdict").GetString() == "Starving", run.ToString());
        var seconds = json.GetProperty("secondsToVerdict").GetDouble();
        Assert.InRange(seconds, 0.5, 15);
        Assert.True(json.GetProperty("confidence").GetDouble() > 0.5);
        Assert.NotEmpty(json.GetProperty("evidence").EnumerateArray());
        Assert.True(json.GetProperty("samples").GetArrayLength() >= 1, run.ToString());
        Assert.Contains(json.GetProperty("samples").EnumerateArray(), s => s.GetProperty("queueLength").GetDouble() > 0);
    }

    [Fact]
    public async Task Taskasyncwait_under_load_is_never_starving_in_10_seconds()
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = LoopbackLoad.Start(lab.Url("taskasyncwait"), connections: 125, duration: TimeSpan.FromSeconds(25));
        var (run, json) = await DetectAsync(lab, "10s");
        Assert.True(json.GetProperty("verdict").GetString() != "Starving", run.ToString());
        Assert.True(json.GetProperty("timedOut").GetBoolean(), run.ToString());
        var samples = json.GetProperty("samples").EnumerateArray().ToList();
        Assert.True(samples.Count >= 6, run.ToString());
        // The load really reached the lab while we watched: otherwise "not starving" would prove nothing.
        Assert.Contains(samples, s => s.GetProperty("completedPerSecond").GetDouble() >= 50);
        Assert.True(load.Completed > 100, $"only {load.Completed} requests completed");
    }

    [Fact]
    public async Task Cpu_bound_load_is_cpu_saturated_not_starving()
    {
        await using var lab = await LabProcess.StartAsync();
        // 16 concurrent 200 ms spins on a machine with fewer cores: more CPU work than cores.
        await using var load = LoopbackLoad.Start(lab.Url("cpu/200"), connections: 4 * Environment.ProcessorCount + 8, duration: TimeSpan.FromSeconds(30));
        var (run, json) = await DetectAsync(lab, "15s");
        Assert.True(json.GetProperty("verdict").GetString() == "CpuSaturated", run.ToString());
    }
}
