using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Issue 20, item 3: the stop-gap our own advice offers, verified. The lab's `taskwait` (`.Result` on a 500 ms task)
/// with the pool's MinThreads raised to 300 the way a user configures it (the runtime reads the variable as hex), under
/// 125 connections: the pool grows past the blocked requests at once and serves them all, so it is not starving — but
/// the blocking is still the finding, and the report says what keeps the pool ahead of it.
/// </summary>
public sealed class CompensatedPoolTests
{
    private static readonly Dictionary<string, string> MinThreads300 = new() { ["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "0x12C" };

    [Fact]
    public async Task Blocking_under_a_raised_MinThreads_is_blocking_compensated_with_the_method_and_MinThreads_named()
    {
        await using var lab = await LabProcess.StartAsync(environment: MinThreads300);
        var output = Directory.CreateTempSubdirectory("pooldoctor-compensated-").FullName;

        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--load", lab.Url("taskwait"), "-c", "125", "--duration", "15s", "-o", output],
            TimeSpan.FromSeconds(90));
        Assert.True(result.ExitCode == 0, result.ToString());

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Equal("BlockingCompensated", root.GetProperty("verdict").GetString());
        var minThreads = root.GetProperty("target").GetProperty("minThreads");
        Assert.Equal(300, minThreads.GetProperty("workers").GetInt32());
        Assert.Contains("DOTNET_ThreadPool_ForceMinWorkerThreads", minThreads.GetProperty("source").GetString(), StringComparison.Ordinal);
        var top = root.GetProperty("culprits")[0];
        Assert.EndsWith("TaskWait", top.GetProperty("method").GetString(), StringComparison.Ordinal);
        Assert.Equal("SyncOverAsync", top.GetProperty("kind").GetString());
        Assert.True(top.GetProperty("threads").GetInt32() > 2 * Environment.ProcessorCount, $"threads held: {top.GetProperty("threads")}");
        Assert.Contains(root.GetProperty("evidence").EnumerateArray(), e =>
            e.GetString()!.Contains("TaskWait", StringComparison.Ordinal)
            && e.GetString()!.Contains("the pool keeps up only because MinThreads is 300", StringComparison.Ordinal));
        Assert.Contains("MinThreads is 300", result.StdOut, StringComparison.Ordinal);

        // The load diagnose drove is in the report as a per-second series on the samples' UTC clock.
        var load = root.GetProperty("load");
        Assert.Equal(125, load.GetProperty("connections").GetInt32());
        var series = load.GetProperty("series").EnumerateArray().ToList();
        Assert.True(series.Count >= 2, $"{series.Count} seconds in load.series");
        Assert.True(series.Sum(s => s.GetProperty("requests").GetInt64()) > 0, "load.series counts no request");
        var started = DateTimeOffset.Parse(root.GetProperty("startedAtUtc").GetString()!, System.Globalization.CultureInfo.InvariantCulture);
        Assert.All(series, s =>
        {
            var at = DateTimeOffset.Parse(s.GetProperty("atUtc").GetString()!, System.Globalization.CultureInfo.InvariantCulture);
            Assert.InRange(at, started.AddSeconds(-1), started.AddSeconds(60));
        });
        Assert.Contains("chart-load-latency", await File.ReadAllTextAsync(Path.Combine(output, "report.html")), StringComparison.Ordinal);
    }
}
