namespace PoolDoctor.Runs;

/// <summary>
/// A few requests before the measured load, so an app's start-up JIT burst does not land in the watched window (it
/// would read as CPU saturation) and the first measured requests do not pay for compilation.
/// </summary>
internal static class UrlWarmUp
{
    public static async Task RunAsync(Uri url, CancellationToken cancellation)
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(5) };
        var calls = Enumerable.Range(0, 4).Select(async _ =>
        {
            try
            {
                using var response = await http.GetAsync(url, cancellation);
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                // A warm-up that fails says nothing the measured load will not say better.
            }
        });
        await Task.WhenAll(calls);
        cancellation.ThrowIfCancellationRequested();
    }
}
