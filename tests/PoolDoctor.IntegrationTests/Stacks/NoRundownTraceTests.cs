using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>A trace with samples but no JIT, loader or rundown events: nothing names a method, and analyze says so.</summary>
// Paired: what a trace without rundown events lacks holds whatever runs beside the capture; no verdict, no latency.
public sealed class NoRundownTraceTests
{
    [Fact]
    public async Task A_trace_without_JIT_or_rundown_events_is_still_grouped_and_says_what_was_missing()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = ToolRun.RunAsync(["load", lab.Url("taskwait"), "-c", "50", "-d", "10s"], TimeSpan.FromSeconds(60));
        await Task.Delay(1500);
        var trace = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-norundown-").FullName, "samples-only.nettrace");
        try
        {
            var client = new DiagnosticsClient(lab.ProcessId);
            // Only the sample profiler, and no rundown at stop: the file has stacks of addresses and nothing to name them.
            using (var session = client.StartEventPipeSession([new EventPipeProvider("Microsoft-DotNETCore-SampleProfiler", EventLevel.Informational)], requestRundown: false, circularBufferMB: 64))
            {
                await using var file = File.Create(trace);
                var copy = session.EventStream.CopyToAsync(file);
                await Task.Delay(1000);
                await session.StopAsync(CancellationToken.None);
                await copy.WaitAsync(TimeSpan.FromSeconds(30));
            }

            var run = await ToolRun.RunAsync(["analyze", trace], TimeSpan.FromSeconds(60));
            Assert.True(run.ExitCode == 0, run.ToString());
            Assert.Contains("no JIT or rundown events", run.StdErr);
            Assert.Single(run.StdErr.Split('\n'), l => l.Contains("no JIT or rundown events", StringComparison.Ordinal));
            Assert.Contains("thread", run.StdOut);
        }
        finally
        {
            await load;
            Directory.Delete(Path.GetDirectoryName(trace)!, recursive: true);
        }
    }
}
