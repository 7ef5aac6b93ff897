using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>
/// The real dotnet-counters (10.0.x, which reads the System.Runtime meter on .NET 9 and later) watches the same process
/// while `counters` runs: neither breaks the other, and dotnet-counters keeps its data after our session stops.
/// </summary>
public class ConcurrentToolTests
{
    [SkippableFact]
    public async Task Counters_and_dotnet_counters_both_keep_their_data()
    {
        var dotnetCounters = await DotnetCountersTool.PathAsync()
            ?? throw MissingDependency.SkipOrFail($"dotnet-counters {DotnetCountersTool.Version}", $"dotnet tool install dotnet-counters --version {DotnetCountersTool.Version} failed:\n{DotnetCountersTool.InstallLog}");
        await using var lab = await LabProcess.StartAsync();
        var file = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-dotnet-counters-").FullName, "counters.json");
        var info = new ProcessStartInfo(dotnetCounters)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[] { "collect", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--counters", "System.Runtime",
                     "--refresh-interval", "1", "--format", "json", "-o", file, "--duration", "00:00:00:14" })
        {
            info.ArgumentList.Add(arg);
        }
        using var other = Process.Start(info)!;
        var otherOutput = other.StandardOutput.ReadToEndAsync();
        var otherErrors = other.StandardError.ReadToEndAsync();
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(2));
            var run = await ToolRun.RunAsync(["counters", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--format", "json", "--duration", "6s"], TimeSpan.FromSeconds(60));
            var ourEnd = DateTimeOffset.UtcNow;
            using (var limit = new CancellationTokenSource(TimeSpan.FromSeconds(60)))
            {
                await other.WaitForExitAsync(limit.Token);
            }
            var said = $"dotnet-counters exit {other.ExitCode}\nstdout: {await otherOutput}\nstderr: {await otherErrors}";

            Assert.True(run.ExitCode == 0, run.ToString());
            var seconds = run.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries)
                .Select(l => JsonDocument.Parse(l).RootElement.GetProperty("seconds").GetDouble()).ToList();
            Assert.True(seconds.Count >= 3, run.ToString());
            // One sample per second: the other session's neither doubles nor thins ours.
            var gaps = seconds.Zip(seconds.Skip(1), (a, b) => b - a).ToList();
            Assert.All(gaps, g => Assert.InRange(g, 0.5, 1.6));

            Assert.True(other.ExitCode == 0 && File.Exists(file), said);
            using var written = JsonDocument.Parse(await File.ReadAllTextAsync(file));
            var threadCounts = written.RootElement.GetProperty("Events").EnumerateArray()
                .Where(e => e.GetProperty("name").GetString()!.StartsWith("dotnet.thread_pool.thread.count", StringComparison.Ordinal))
                .Select(e => DateTimeOffset.Parse(e.GetProperty("timestamp").GetString()!, CultureInfo.InvariantCulture))
                .ToList();
            Assert.True(threadCounts.Count >= 8, $"dotnet-counters wrote {threadCounts.Count} thread-count values\n{said}");
            Assert.Contains(threadCounts, at => at > ourEnd);  // still served after our session stopped
            Assert.Contains(threadCounts, at => at < ourEnd - TimeSpan.FromSeconds(3));  // and while ours ran
        }
        finally
        {
            if (!other.HasExited)
            {
                other.Kill(entireProcessTree: true);
            }
        }
    }
}
