using System.Diagnostics;

namespace PoolDoctor.Runs;

/// <summary>
/// Waits until a URL answers with any HTTP status (the app is listening and routing), so a load does not start against
/// an app still booting. A launched app that exits or never answers fails the run with its last output.
/// </summary>
internal static class UrlReadiness
{
    /// <param name="http2">Ask over HTTP/2 only: an h2c endpoint (gRPC's) answers nothing else.</param>
    public static async Task WaitAsync(Uri url, TimeSpan limit, LaunchedTarget? app, CancellationToken cancellation, bool http2 = false)
    {
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(5) };
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
                throw new RunFailedException($"the app exited before {url} answered: {app.LastOutput}");
            }
            try
            {
                using var response = await client.GetAsync(url, HttpCompletionOption.ResponseHeadersRead, cancellation);
                return;
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
}
