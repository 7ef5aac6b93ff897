using System.Diagnostics.Tracing;
using System.Text.Json;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>
/// Another counters tool (here a plain EventPipe session with a 2 s `System.Runtime` interval, as dotnet-counters
/// or dotnet-monitor open) watches the same process: neither breaks the other.
/// </summary>
public class ConcurrentToolTests
{
    [Fact]
    public async Task Counters_and_another_counter_session_both_keep_their_data()
    {
        await using var lab = await LabProcess.StartAsync();
        var other = new DiagnosticsClient(lab.ProcessId);
        using var session = other.StartEventPipeSession(
            [new EventPipeProvider("System.Runtime", EventLevel.Informational, 0, new Dictionary<string, string> { ["EventCounterIntervalSec"] = "2" })],
            requestRundown: false);
        var seen = new List<(DateTime At, string Series)>();
        var reader = Task.Run(() =>
        {
            using var source = new EventPipeEventSource(session.EventStream);
            source.Dynamic.All += e =>
            {
                if (e.EventName == "EventCounters" && e.PayloadValue(0) is IDictionary<string, object> outer
                    && outer["Payload"] is IDictionary<string, object> fields && (string)fields["Name"] == "threadpool-thread-count")
                {
                    lock (seen) { seen.Add((DateTime.UtcNow, fields["Series"] as string ?? "")); }
                }
            };
            source.Process();
        });

        var run = await ToolRun.RunAsync(["counters", "-p", lab.ProcessId.ToString(), "--format", "json", "--duration", "6s"], TimeSpan.FromSeconds(60));
        var ourEnd = DateTime.UtcNow;
        await Task.Delay(TimeSpan.FromSeconds(4.5));
        await session.StopAsync(CancellationToken.None);
        await reader.WaitAsync(TimeSpan.FromSeconds(20));

        Assert.True(run.ExitCode == 0, run.ToString());
        var seconds = run.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries)
            .Select(l => JsonDocument.Parse(l).RootElement.GetProperty("seconds").GetDouble()).ToList();
        Assert.True(seconds.Count >= 3, run.ToString());
        // One sample per second: the other session's series neither doubles nor thins ours.
        var gaps = seconds.Zip(seconds.Skip(1), (a, b) => b - a).ToList();
        Assert.All(gaps, g => Assert.InRange(g, 0.5, 1.6));
        lock (seen)
        {
            Assert.Contains(seen, s => s.At > ourEnd);  // still served after our session stopped
            Assert.True(seen.Count >= 3, $"the other session saw {seen.Count} thread-count events: {string.Join(", ", seen.Select(s => s.Series))}");
        }
    }
}
