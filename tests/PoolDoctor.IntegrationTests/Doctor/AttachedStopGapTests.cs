using System.Globalization;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.IntegrationTests.Load;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Issue 34 item 5, its done-when: `diagnose -p` drives no load of its own, so it cannot know the 125 connections from
/// its own options; the stop-gap must still cover them (MinThreads ≥ 125 + cores), sized from what the server itself
/// shows (the pool's queue and the threads or requests holding work, Kestrel's open connections), and report.json says so.
/// In the run the one-second capture alone gave MinThreads = 10 (6 threads seen blocked).
/// </summary>
public sealed class AttachedStopGapTests
{
    private const int Connections = 125;

    [Fact]
    public async Task Attached_to_125_blocking_connections_the_stop_gap_covers_them_and_says_it_was_sized_from_the_server()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = LoadRun.RunAsync(lab.Url("taskwait"), connections: Connections, duration: "14s");
        await Task.Delay(1500);
        var output = Directory.CreateTempSubdirectory("pooldoctor-stopgap-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--duration", "10s", "-o", output],
            TimeSpan.FromSeconds(90));
        Assert.True(result.ExitCode == 0, result.ToString());

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Contains(root.GetProperty("verdict").GetString(), new[] { "Starving", "BlockingCompensated" });
        var gap = root.GetProperty("advice").GetProperty("minThreads");
        var cores = gap.GetProperty("cores").GetInt32();
        var value = gap.GetProperty("value").GetInt32();
        var source = gap.GetProperty("blockedSource").GetString()!;
        Assert.True(value >= Connections + cores, $"MinThreads = {value} for {Connections} connections on {cores} cores: {source}\n{result}");
        // What it was sized from: the server's own in-flight work, with Kestrel's connections named beside it.
        Assert.StartsWith("demand: the server's own concurrency: up to ", source, StringComparison.Ordinal);
        Assert.Contains("queued work items", source, StringComparison.Ordinal);
        Assert.Contains("Kestrel had up to", source, StringComparison.Ordinal);
        var demand = gap.GetProperty("demand");
        Assert.Equal(gap.GetProperty("peakBlockedThreads").GetInt32(), demand.GetProperty("threads").GetInt32());
        Assert.Equal(source, "demand: " + demand.GetProperty("sizedFrom").GetString());
        // The gauge it names was read from the lab: Kestrel held the load's connections open.
        var connections = root.GetProperty("samples").EnumerateArray()
            .Select(s => s.TryGetProperty("currentConnections", out var c) && c.ValueKind == JsonValueKind.Number ? c.GetDouble() : 0)
            .Max();
        Assert.True(connections >= Connections, $"Kestrel's current-connections peaked at {connections}");
        Assert.Contains("B sized from demand: the server's own concurrency", result.StdOut.ReplaceLineEndings(" "), StringComparison.Ordinal);
        // The load ran its connections (a starving lab may answer none of them within the load's timeout).
        var served = await load;
        Assert.True(served.Requests + served.Timeouts >= Connections, served.Raw);
    }
}
