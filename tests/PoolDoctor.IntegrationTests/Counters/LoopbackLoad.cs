using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>
/// A small closed-loop HTTP load for these tests: N connections, each sending the next request when the previous
/// answered, until the time or request budget runs out. Loopback only, bounded in time and count.
/// </summary>
internal sealed class LoopbackLoad : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop;
    private readonly Task _run;
    private long _completed;
    private long _failed;

    private LoopbackLoad(string url, int connections, TimeSpan duration, long maxRequests)
    {
        var uri = new Uri(url);
        if (!uri.IsLoopback)
        {
            throw new ArgumentException("load goes to loopback only", nameof(url));
        }
        _stop = new CancellationTokenSource(duration);
        _run = RunAsync(uri, connections, maxRequests, _stop.Token);
    }

    public long Completed => Interlocked.Read(ref _completed);

    public long Failed => Interlocked.Read(ref _failed);

    public Stopwatch Clock { get; } = Stopwatch.StartNew();

    public static LoopbackLoad Start(string url, int connections, TimeSpan duration, long maxRequests = 1_000_000) =>
        new(url, connections, duration, maxRequests);

    private async Task RunAsync(Uri uri, int connections, long maxRequests, CancellationToken stop)
    {
        using var http = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = connections })
        {
            Timeout = Timeout.InfiniteTimeSpan,
        };
        long started = 0;
        var workers = Enumerable.Range(0, connections).Select(async _ =>
        {
            while (!stop.IsCancellationRequested && Interlocked.Increment(ref started) <= maxRequests)
            {
                try
                {
                    using var response = await http.GetAsync(uri, stop);
                    Interlocked.Increment(ref response.IsSuccessStatusCode ? ref _completed : ref _failed);
                }
                catch (OperationCanceledException) when (stop.IsCancellationRequested)
                {
                    return;
                }
                catch (HttpRequestException)
                {
                    Interlocked.Increment(ref _failed);
                }
            }
        });
        await Task.WhenAll(workers);
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _run;
        _stop.Dispose();
    }
}
