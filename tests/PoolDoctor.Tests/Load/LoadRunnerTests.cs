using System.Net;
using System.Net.Sockets;
using PoolDoctor.Load;

namespace PoolDoctor.Tests.Load;

/// <summary>The load engine end to end against a tiny loopback server: framing, reconnects, bounds, error classes.</summary>
[Collection(LoadTimingCollection.Name)]
public sealed class LoadRunnerTests
{
    private const string Ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private static Task<PoolDoctor.Model.Load.LoadSummary> Run(Uri url, int connections, long? requests = null, TimeSpan? duration = null,
        TimeSpan? timeout = null, bool httpClient = false, double? rate = null) =>
        LoadRunner.RunAsync(
            new LoadOptions
            {
                Url = url,
                Connections = connections,
                Requests = requests,
                Duration = duration ?? TimeSpan.FromSeconds(20),
                Timeout = timeout ?? TimeSpan.FromSeconds(5),
                ForceHttpClient = httpClient,
                Rate = rate,
            },
            null,
            CancellationToken.None);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_request_count_is_met_exactly_over_keep_alive_connections(bool httpClient)
    {
        await using var server = new LoopbackServer(_ => (Ok, false));
        var summary = await Run(server.Url, connections: 4, requests: 1000, httpClient: httpClient);
        Assert.Equal(1000, summary.Requests);
        Assert.Equal(1000, summary.Status.Success);
        Assert.Equal(1000, server.Requests);
        Assert.Equal(0, summary.Errors.Timeout + summary.Errors.NonTimeout);
        Assert.True(server.Connections <= 5, $"{server.Connections} connections: keep-alive was not used (one is the probe)");
        // The raw path counts every byte read; SocketsHttpHandler only lets us see the body.
        Assert.Equal(httpClient ? 1000 * 2 : 1000 * Ok.Length, summary.BytesRead);
    }

    [Fact]
    public async Task A_server_that_closes_after_each_response_gets_a_new_connection_per_request()
    {
        await using var server = new LoopbackServer(_ => ("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", true));
        var summary = await Run(server.Url, connections: 3, requests: 60);
        Assert.Equal(60, summary.Requests);
        Assert.Equal(60, summary.Status.Success);
        Assert.Equal(0, summary.Errors.NonTimeout);
        Assert.Equal(61, server.Connections);
    }

    [Fact]
    public async Task Chunked_and_close_delimited_responses_are_read_whole()
    {
        await using var server = new LoopbackServer(n => n % 2 == 0
            ? ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4;x=y\r\ndefg\r\n0\r\nTrailer: 1\r\n\r\n", false)
            : ("HTTP/1.1 503 Busy\r\n\r\nno length, ends at close", true));
        var summary = await Run(server.Url, connections: 1, requests: 40);
        Assert.Equal(40, summary.Requests);
        Assert.Equal(20, summary.Status.Success);
        Assert.Equal(20, summary.Status.ServerError);
        Assert.Equal(20, summary.Status.NonSuccess);
        Assert.Equal(0, summary.Errors.NonTimeout);
    }

    [Fact]
    public async Task Garbage_from_the_server_counts_as_parse_errors()
    {
        await using var server = new LoopbackServer(_ => ("SSH-2.0-OpenSSH_9.2\r\n\r\n", false));
        var summary = await Run(server.Url, connections: 2, requests: 10);
        Assert.Equal(0, summary.Requests);
        Assert.Equal(10, summary.Errors.Parse);
    }

    [Fact]
    public async Task A_server_that_never_answers_produces_timeouts_counted_apart_and_the_run_still_ends()
    {
        await using var server = new LoopbackServer(_ => null);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var summary = await Run(server.Url, connections: 3, duration: TimeSpan.FromSeconds(2), timeout: TimeSpan.FromMilliseconds(300));
        Assert.InRange(clock.Elapsed.TotalSeconds, 1.5, 10);
        Assert.Equal(0, summary.Requests);
        Assert.InRange(summary.Errors.Timeout, 6, 30); // about 2 s / 0.3 s per connection
        Assert.Equal(0, summary.Errors.NonTimeout);
    }

    [Fact]
    public async Task The_duration_bounds_a_run_without_a_count()
    {
        await using var server = new LoopbackServer(_ => (Ok, false));
        var summary = await Run(server.Url, connections: 2, duration: TimeSpan.FromMilliseconds(700));
        Assert.InRange(summary.ElapsedSeconds, 0.65, 3);
        Assert.True(summary.Requests > 10);
        Assert.True(summary.Rps.Max >= summary.Rps.Mean);
        Assert.Equal(summary.Requests, summary.Status.Success);
    }

    [Fact]
    public async Task Requests_in_flight_at_the_deadline_may_finish_and_are_counted()
    {
        await using var server = new LoopbackServer(_ => (Ok, false), answerDelay: TimeSpan.FromSeconds(1.2));
        var summary = await Run(server.Url, connections: 3, duration: TimeSpan.FromMilliseconds(400));
        Assert.Equal(3, summary.Requests);
        Assert.Equal(0, summary.Errors.Timeout + summary.Errors.NonTimeout);
        Assert.InRange(summary.ElapsedSeconds, 1.1, 5);
        Assert.InRange(summary.LatencyMs.Mean, 1150, 5000);
    }

    [Fact]
    public async Task A_rate_spreads_sends_over_time_instead_of_as_fast_as_possible()
    {
        await using var server = new LoopbackServer(_ => (Ok, false));
        var summary = await Run(server.Url, connections: 4, requests: 40, rate: 40);
        // 40 requests at 40/s take about a second (the last is due at 0.975 s); a closed loop would take milliseconds.
        Assert.InRange(summary.ElapsedSeconds, 0.9, 5);
        Assert.Equal(40, summary.Requests);
        Assert.Equal(40, summary.TargetRate);
    }

    [Fact]
    public async Task In_rate_mode_latency_counts_from_the_scheduled_send_so_a_slow_server_is_not_hidden()
    {
        // One connection, 10/s: sends are due every 100 ms, but each answer takes 300 ms, so send i actually goes out
        // at about i * 300 ms and its latency from the due time is about 300 + i * 200 ms: 300, 500, 700, 900, 1100.
        await using var server = new LoopbackServer(_ => (Ok, false), answerDelay: TimeSpan.FromMilliseconds(300));
        var summary = await Run(server.Url, connections: 1, requests: 5, rate: 10);
        Assert.Equal(5, summary.Requests);
        // Sends 2..5 are late by 200 ms or more; the first is on time unless this busy machine delays the loop itself.
        Assert.InRange(summary.LateSends, 4, 5);
        // A closed loop would report about 300 ms; upper bounds are wide because a loaded machine only adds delay.
        Assert.InRange(summary.LatencyMs.Mean, 650, 5000);
        Assert.InRange(summary.LatencyMs.Max, 1050, 8000);
    }

    [Fact]
    public async Task A_refused_connection_fails_fast_with_one_clear_message()
    {
        int port;
        using (var listener = new TcpListener(IPAddress.Loopback, 0))
        {
            listener.Start();
            port = ((IPEndPoint)listener.LocalEndpoint).Port;
        }
        var error = await Assert.ThrowsAsync<LoadFailedException>(() => Run(new Uri($"http://127.0.0.1:{port}/"), connections: 2, requests: 5));
        Assert.Contains("refused", error.Message);
        Assert.DoesNotContain("\n", error.Message);
    }

    [Fact]
    public async Task Nonsense_options_are_refused_before_any_connection()
    {
        await Assert.ThrowsAsync<LoadOptionsException>(() => Run(new Uri("http://127.0.0.1:1/"), connections: 0));
        await Assert.ThrowsAsync<LoadOptionsException>(() => Run(new Uri("ftp://127.0.0.1/"), connections: 1));
        await Assert.ThrowsAsync<LoadOptionsException>(() => Run(new Uri("http://127.0.0.1:1/"), connections: 1, requests: 0));
    }
}
