using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Tests.Runs;

/// <summary>
/// Seen on an app written for the trials (docs/accuracy.md): a timer that blocks from start-up starves the pool before
/// the first request, Kestrel takes connections and answers none, and `diagnose --load` gave up after 30 s without a
/// report. A listener that takes the connection and stays silent is that app.
/// </summary>
public class UrlReadinessTests
{
    [Fact]
    public async Task A_url_that_takes_the_connection_and_stays_silent_is_diagnosed_with_a_note()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var url = new Uri($"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}/health");

        var note = await UrlReadiness.WaitAsync(url, TimeSpan.FromSeconds(20), null, CancellationToken.None, answerLimit: TimeSpan.FromMilliseconds(500));

        Assert.NotNull(note);
        Assert.Contains("did not answer", note);
    }

    [Fact]
    public async Task A_port_nobody_listens_on_still_fails_the_run()
    {
        int port;
        using (var probe = new TcpListener(IPAddress.Loopback, 0))
        {
            probe.Start();
            port = ((IPEndPoint)probe.LocalEndpoint).Port;
        }
        var url = new Uri($"http://127.0.0.1:{port}/health");

        var failure = await Assert.ThrowsAsync<RunFailedException>(() =>
            UrlReadiness.WaitAsync(url, TimeSpan.FromSeconds(1), null, CancellationToken.None, answerLimit: TimeSpan.FromMilliseconds(500)));

        Assert.Contains("did not answer within 1 s", failure.Message);
    }

    [Fact]
    public async Task A_url_that_answers_is_ready_without_a_note()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var url = new Uri($"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}/health");
        var server = Task.Run(async () =>
        {
            using var client = await listener.AcceptTcpClientAsync();
            var stream = client.GetStream();
            var buffer = new byte[4096];
            _ = await stream.ReadAsync(buffer);
            await stream.WriteAsync("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"u8.ToArray());
        });

        var note = await UrlReadiness.WaitAsync(url, TimeSpan.FromSeconds(10), null, CancellationToken.None);
        await server;

        Assert.Null(note);
    }
}
