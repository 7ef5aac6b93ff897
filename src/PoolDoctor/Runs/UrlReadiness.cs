using System.Diagnostics;

namespace PoolDoctor.Runs;

/// <summary>
/// Waits until a URL answers with any HTTP status (the app is listening and routing), so a load does not start against
/// an app still booting. A launched app that exits or never answers fails the run with its last output. An app that
/// accepts the connection and then says nothing is listening: its pool may already be starving (a timer that blocks
/// from start-up), which is what the run is for, so that is ready too, with a note.
/// </summary>
internal static class UrlReadiness
{
    /// <param name="http2">Ask over HTTP/2 only: an h2c endpoint (gRPC's) answers nothing else.</param>
    /// <param name="answerLimit">How long one request may go unanswered.</param>
    /// <returns>Null when the URL answered; a note when it accepted the connection but did not answer.</returns>
    public static async Task<string?> WaitAsync(
        Uri url, TimeSpan limit, LaunchedTarget? app, CancellationToken cancellation, bool http2 = false, TimeSpan? answerLimit = null)
    {
        using var client = new HttpClient { Timeout = answerLimit ?? TimeSpan.FromSeconds(5) };
        if (http2)
        {
            client.DefaultRequestVersion = System.Net.HttpVersion.Version20;
            client.DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact;
        }
        var clock = Stopwatch.StartNew();
        string lastError = "no answer";
        while (clock.Elapsed < limit)
        {
            cancellation.ThrowIfCancellationRequested();
            if (app is { HasExited: true })
            {
                await app.DrainAsync();
                throw new RunFailedException($"'{app.Name}' exited with code {app.ExitCode} before {url} answered{app.OutputNote}");
            }
            try
            {
                using var response = await client.GetAsync(url, HttpCompletionOption.ResponseHeadersRead, cancellation);
                return null;
            }
            catch (TaskCanceledException e) when (!cancellation.IsCancellationRequested && url.IsLoopback && app is not { HasExited: true })
            {
                // Running out of time is not proof that someone listens (a slow first request on a busy machine times
                // out too), so the port is asked directly: taking a connection there means the app listens and does
                // not answer. Unless the app has exited meanwhile: then someone else holds the port (the app failed to
                // bind it), and the next turn reports the exit with the app's output.
                if (await AcceptsConnectionAsync(url, cancellation))
                {
                    return $"{url} took the connection but did not answer within {client.Timeout.TotalSeconds:0} s; diagnosing it as it is";
                }
                lastError = e.Message;
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException && !cancellation.IsCancellationRequested)
            {
                lastError = e.Message;
            }
            await Task.Delay(200, cancellation);
        }
        var output = app is null ? "" : $"; the app's last output: {app.LastOutput}";
        throw new RunFailedException($"{url} did not answer within {limit.TotalSeconds:0} s ({lastError}){output}");
    }

    private static async Task<bool> AcceptsConnectionAsync(Uri url, CancellationToken cancellation)
    {
        using var tcp = new System.Net.Sockets.TcpClient();
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        timeout.CancelAfter(TimeSpan.FromSeconds(2));
        try
        {
            await tcp.ConnectAsync(url.Host, url.Port, timeout.Token);
            return true;
        }
        catch (Exception e) when (e is System.Net.Sockets.SocketException or OperationCanceledException && !cancellation.IsCancellationRequested)
        {
            return false;
        }
    }
}
