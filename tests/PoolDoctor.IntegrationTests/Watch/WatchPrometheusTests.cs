using System.Globalization;
using PoolDoctor.IntegrationTests.Counters;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>A real Prometheus server scrapes `watch --metrics` on loopback while the lab starves; PromQL sees it.</summary>
public sealed class WatchPrometheusTests : IDisposable
{
    private static readonly TimeSpan Generous = TimeSpan.FromSeconds(60);
    private readonly string _reports = Path.Combine(Path.GetTempPath(), $"pooldoctor-watch-{Guid.NewGuid():N}");

    [SkippableFact]
    public async Task Prometheus_scrapes_the_starving_verdict_from_watch()
    {
        if (!PrometheusServer.IsInstalled)
        {
            throw MissingDependency.SkipOrFail("Prometheus (/usr/bin/prometheus)", "apt-get install prometheus, or run scripts/test.sh");
        }
        await using var lab = await LabProcess.StartAsync();
        var metricsPort = FreePort.Next();
        await using var watch = ToolProcess.Start("watch", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "--reports", _reports, "--metrics", $"127.0.0.1:{metricsPort}");
        await watch.WaitForLineAsync("attached to", Generous);
        await using var prometheus = PrometheusServer.Start($"127.0.0.1:{metricsPort}");

        // Healthy first: the scrape works before anything starves, so the 1 below is the load's doing.
        Assert.Equal("0", await prometheus.WaitForAsync("pooldoctor_starving", "0", Generous));
        Assert.Equal("1", await prometheus.WaitForAsync("up{job=\"pooldoctor\"}", "1", Generous));

        await using (LoopbackLoad.Start(lab.Url("taskwait"), 125, TimeSpan.FromSeconds(20)))
        {
            var starving = await prometheus.WaitForAsync("pooldoctor_starving", "1", Generous);
            Assert.True(starving == "1", $"pooldoctor_starving = {starving ?? "no series"}\n{watch.StdOut}\n{prometheus.Output}");
            Assert.Equal("1", await prometheus.QueryAsync("max_over_time(pooldoctor_verdict{verdict=\"Starving\"}[1m])"));
            // The report's top culprit becomes a labelled series once the capture is in.
            var culprit = await prometheus.WaitForAsync("count(pooldoctor_culprit{kind=\"SyncOverAsync\",method=~\".*TaskWait.*\"})", "1", Generous);
            Assert.True(culprit == "1", $"culprit series: {culprit ?? "none"}\n{watch.StdOut}");
        }
        Assert.Equal(0, await watch.TerminateAsync(TimeSpan.FromSeconds(30)));
    }

    public void Dispose()
    {
        if (Directory.Exists(_reports))
        {
            Directory.Delete(_reports, recursive: true);
        }
    }
}
