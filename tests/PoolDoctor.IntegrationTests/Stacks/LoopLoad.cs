using System.Collections.Concurrent;
using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// A bounded closed-loop load over loopback: N connections each calling one URL back to back until stopped or until the
/// hard limit, recording when each successful response completed (for "the target keeps serving" checks).
/// </summary>
internal sealed class LoopLoad : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop;
    private readonly HttpClient _http;
    private readonly Task[] _workers;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly ConcurrentQueue<double> _completions = new();

    public LoopLoad(string url, int connections, TimeSpan hardLimit)
    {
        _stop = new CancellationTokenSource(hardLimit);
        _http = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = connections, PooledConnectionLifetime = hardLimit })
        {
            Timeout = TimeSpan.FromSeconds(20),
        };
        _workers = [.. Enumerable.Range(0, connections).Select(_ => Task.Run(() => LoopAsync(url)))];
    }

    public TimeSpan Elapsed => _clock.Elapsed;

    /// <summary>Completion times (seconds since start) of successful responses.</summary>
    public IReadOnlyList<double> Completions => [.. _completions.Order()];

    private async Task LoopAsync(string url)
    {
        while (!_stop.IsCancellationRequested)
        {
            try
            {
                using var response = await _http.GetAsync(url, _stop.Token);
                if (response.IsSuccessStatusCode)
                {
                    _completions.Enqueue(_clock.Elapsed.TotalSeconds);
                }
            }
            catch (Exception e) when (e is HttpRequestException or OperationCanceledException)
            {
                if (!_stop.IsCancellationRequested)
                {
                    await Task.Delay(10);
                }
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await Task.WhenAll(_workers);
        _http.Dispose();
        _stop.Dispose();
    }
}
