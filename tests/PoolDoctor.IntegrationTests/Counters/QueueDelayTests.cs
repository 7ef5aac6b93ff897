using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>`counters --format json` carries the pool's queue delay: seconds on a starving lab, milliseconds on its fix.</summary>
public class QueueDelayTests
{
    private static async Task<(List<double> P99s, long Completed, string Run)> P99sAsync(string route, TimeSpan attachAfter = default)
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = LoopbackLoad.Start(lab.Url(route), connections: 125, duration: TimeSpan.FromSeconds(25));
        await Task.Delay(attachAfter);
        var run = await ToolRun.RunAsync(["counters", "-p", lab.ProcessId.ToString(), "--format", "json", "--duration", "8s"], TimeSpan.FromSeconds(60));
        Assert.True(run.ExitCode == 0, run.ToString());
        var lines = run.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => JsonDocument.Parse(l).RootElement.Clone()).ToList();
        return ([.. lines.Where(l => l.TryGetProperty("queueDelayMs", out _)).Select(l => l.GetProperty("queueDelayMs").GetProperty("p99").GetDouble())], load.Completed, run.ToString());
    }

    [Fact]
    public async Task Taskwait_under_load_waits_seconds_in_the_queue()
    {
        // Attached once the pool is stuck, as a user attaches to a service that is already slow: its queue was filled
        // before the delay's events began, and it enqueues nothing new. Two CI runs attached that late by chance (a
        // crowded host) and got no delay in 8 s; the meter now counts such items from the session's first event.
        var (p99s, _, run) = await P99sAsync("taskwait", attachAfter: TimeSpan.FromSeconds(3));
        Assert.True(p99s.Count >= 3, $"queueDelayMs in {p99s.Count} line(s)\n{run}");
        Assert.Contains("\"queuedBeforeSession\":", run, StringComparison.Ordinal);
        // Requests queue behind blocked threads for seconds; 500 ms is far below what the pool shows.
        Assert.True(p99s.Max() > 500, string.Join(", ", p99s));
    }

    [Fact]
    public async Task Taskasyncwait_under_load_waits_milliseconds()
    {
        var (p99s, completed, run) = await P99sAsync("taskasyncwait");
        Assert.True(p99s.Count >= 3, $"queueDelayMs in {p99s.Count} line(s)\n{run}");
        // The load reached the lab: otherwise a small delay would prove nothing.
        Assert.True(completed > 100, $"only {completed} requests completed");
        p99s.Sort();
        // The median interval's p99 (one slow interval on a crowded machine is noise, not starvation).
        Assert.True(p99s[p99s.Count / 2] < 50, string.Join(", ", p99s));
    }
}
