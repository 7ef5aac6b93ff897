using System.Net;
using System.Net.Sockets;
using PoolDoctor.Metrics;

namespace PoolDoctor.Tests.Metrics;

public sealed class PrometheusEndpointTests
{
    [Fact]
    public async Task Serves_the_watch_state_as_prometheus_text_on_loopback()
    {
        var port = MetricsFixtures.FreePort();
        using var endpoint = PrometheusEndpoint.Start(new MetricsAddress("127.0.0.1", port), MetricsFixtures.Starving());
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        var text = await http.GetStringAsync($"http://127.0.0.1:{port}/metrics");
        var lines = text.Split('\n').Where(l => !l.StartsWith('#')).ToHashSet();

        Assert.Contains("dotnet_thread_pool_thread_count 15", lines);
        Assert.Contains("dotnet_thread_pool_queue_length 114", lines);
        Assert.Contains("dotnet_thread_pool_work_item_count_total 38", lines);
        Assert.Contains("pooldoctor_thread_pool_injections_total{reason=\"CooperativeBlocking\"} 2", lines);
        Assert.Contains("pooldoctor_starving 1", lines);
        Assert.Contains("pooldoctor_verdict{verdict=\"Starving\"} 1", lines);
        Assert.Contains("pooldoctor_verdict{verdict=\"Healthy\"} 0", lines);
        Assert.Contains("pooldoctor_culprit{method=\"OrdersController.Get\",kind=\"SyncOverAsync\"} 21", lines);
        Assert.Contains("pooldoctor_reports_total 1", lines);
        Assert.Contains("pooldoctor_attached 1", lines);
        Assert.Contains("# TYPE pooldoctor_starving gauge", text);
    }

    [Fact]
    public async Task Serves_the_watch_process_own_cpu_and_memory_apart_from_the_target()
    {
        var port = MetricsFixtures.FreePort();
        using var endpoint = PrometheusEndpoint.Start(new MetricsAddress("127.0.0.1", port), MetricsFixtures.Starving());
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        var text = await http.GetStringAsync($"http://127.0.0.1:{port}/metrics");
        double Value(string name) => double.Parse(
            text.Split('\n').Single(l => l.StartsWith(name + " ", StringComparison.Ordinal))[(name.Length + 1)..],
            System.Globalization.CultureInfo.InvariantCulture);

        // This test process is the "watch": its figures, not the fixture's target's.
        Assert.InRange(Value("pooldoctor_watch_cpu_seconds_total"), 0.01, System.Diagnostics.Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds + 1);
        var resident = Value("pooldoctor_watch_memory_resident_bytes");
        Assert.InRange(resident, 20e6, 4 * Environment.WorkingSet);
        var heap = Value("pooldoctor_watch_gc_heap_bytes");
        Assert.InRange(heap, 1, resident);
        Assert.InRange(Value("pooldoctor_watch_gc_committed_bytes"), heap, resident);
        Assert.Contains("# TYPE pooldoctor_watch_cpu_seconds_total counter", text);
    }

    [Fact]
    public void A_port_in_use_is_a_one_line_error()
    {
        using var taken = new TcpListener(IPAddress.Loopback, 0);
        taken.Start();
        var port = ((IPEndPoint)taken.LocalEndpoint).Port;
        var e = Assert.Throws<MetricsException>(() => PrometheusEndpoint.Start(new MetricsAddress("127.0.0.1", port), new WatchState()));
        Assert.StartsWith($"--metrics: cannot listen on 127.0.0.1:{port}", e.Message);
        Assert.DoesNotContain('\n', e.Message);
    }

    [Theory]
    [InlineData("9464", "127.0.0.1", 9464, true)]
    [InlineData("127.0.0.1:9464", "127.0.0.1", 9464, true)]
    [InlineData("[::1]:9464", "[::1]", 9464, true)]
    [InlineData("0.0.0.0:9464", "0.0.0.0", 9464, false)]
    public void Parses_host_and_port_defaulting_to_loopback(string text, string host, int port, bool loopback)
    {
        Assert.True(MetricsAddress.TryParse(text, out var address));
        Assert.Equal(host, address.Host);
        Assert.Equal(port, address.Port);
        Assert.Equal(loopback, address.IsLoopback);
    }

    [Theory]
    [InlineData("")]
    [InlineData("localhost")]
    [InlineData("127.0.0.1:0")]
    [InlineData("127.0.0.1:70000")]
    [InlineData(":9464")]
    public void Rejects_what_is_not_host_and_port(string text) =>
        Assert.False(MetricsAddress.TryParse(text, out _));
}
