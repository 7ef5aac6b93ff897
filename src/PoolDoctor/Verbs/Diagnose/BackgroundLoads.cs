using PoolDoctor.Cli.Options;
using PoolDoctor.Load;
using PoolDoctor.Load.Stats;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// `diagnose --load URL...`: one bounded load per URL, running while the diagnosis watches, stopped as soon as the
/// diagnosis ends (or at their duration). Each load's summary is kept for the closing lines. The loads may start after a
/// baseline (`--baseline`), so the report shows the pool before the load as well as during it.
/// </summary>
internal sealed class BackgroundLoads : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly List<(Uri Url, Task<LoadSummary> Run)> _runs = [];
    // Made when the loads start, not when the watch does: the series' first second is the load's first second.
    private readonly Lazy<LoadSeries> _series = new(() => new LoadSeries(), LazyThreadSafetyMode.ExecutionAndPublication);
    private int _connections;
    private TimeSpan _baseline;

    /// <summary>
    /// The loads' per-second series, all URLs together, once <see cref="StopAsync"/> has run (every load ended).
    /// </summary>
    public DrivenLoad? Driven { get; private set; }

    /// <param name="duration">The whole watch's bound; each load runs for what is left of it after the baseline.</param>
    /// <param name="baseline">How long the watch runs before the loads start (zero: at once).</param>
    public static BackgroundLoads Start(IReadOnlyList<Uri> urls, int connections, TimeSpan duration, TimeSpan baseline, CancellationToken interrupt,
        LoadProtocol protocol = LoadProtocol.Http1, byte[]? grpcMessage = null, ThinkTime? thinkTime = null, LoadRequest? request = null)
    {
        var loads = new BackgroundLoads { _connections = connections, _baseline = baseline };
        var linked = CancellationTokenSource.CreateLinkedTokenSource(loads._stop.Token, interrupt);
        var begin = baseline > TimeSpan.Zero ? Task.Delay(baseline, linked.Token) : Task.CompletedTask;
        foreach (var url in urls)
        {
            var options = OptionsFor(url, connections, duration - baseline, protocol, grpcMessage, thinkTime, request);
            loads._runs.Add((url, Task.Run(async () =>
            {
                await begin;
                return await LoadRunner.RunAsync(options, progress: null, linked.Token, loads._series.Value);
            })));
        }
        return loads;
    }

    /// <summary>
    /// One URL's load, checked: a bad method or header is a usage error, found when the command line is read (the
    /// verb calls this before it attaches) rather than once the target is being watched.
    /// </summary>
    public static LoadOptions OptionsFor(Uri url, int connections, TimeSpan duration,
        LoadProtocol protocol = LoadProtocol.Http1, byte[]? grpcMessage = null, ThinkTime? thinkTime = null, LoadRequest? request = null)
    {
        var options = new LoadOptions
        {
            Url = url,
            Connections = connections,
            Duration = duration,
            Timeout = duration < LoadOptions.DefaultTimeout ? duration : LoadOptions.DefaultTimeout,
            Protocol = protocol,
            Method = request?.Method ?? (protocol == LoadProtocol.Grpc ? "POST" : "GET"),
            Headers = request?.Headers ?? [],
            Body = request?.Body ?? [],
            GrpcMessage = grpcMessage ?? [],
            ThinkTime = thinkTime,
        };
        try
        {
            options.Validate();
        }
        catch (LoadOptionsException e)
        {
            throw new UsageException($"--load {url}: {e.Message}");
        }
        return options;
    }

    /// <summary>Stops every load and returns one line per URL (what it sent and how it was answered).</summary>
    public async Task<IReadOnlyList<string>> StopAsync()
    {
        await _stop.CancelAsync();
        var lines = new List<string>();
        foreach (var (url, run) in _runs)
        {
            try
            {
                var s = await run;
                var errors = s.Errors.Timeout + s.Errors.NonTimeout + s.Status.NonSuccess;
                // A starving target may answer nothing before the diagnosis ends: say so rather than print zero latencies.
                lines.Add(s.Requests == 0
                    ? $"load {url}: no response in {s.ElapsedSeconds:0.0} s from {s.Connections} connections, {errors} errors (the load stops when the diagnosis ends)"
                    : $"load {url}: {s.Requests} requests in {s.ElapsedSeconds:0.0} s, {s.Rps.Mean:0.0} req/s, mean {s.LatencyMs.Mean:0} ms, "
                        + $"p99 {s.LatencyMs.P99:0} ms, {errors} errors");
            }
            catch (OperationCanceledException) when (!_series.IsValueCreated)
            {
                lines.Add($"load {url}: not started: the diagnosis ended during the {_baseline.TotalSeconds:0.#} s baseline before the load");
            }
            catch (Exception e) when (e is LoadFailedException or LoadOptionsException or OperationCanceledException)
            {
                lines.Add($"load {url}: {e.Message}");
            }
        }
        Driven = new DrivenLoad([.. _runs.Select(r => r.Url.ToString())], _connections, _series.IsValueCreated ? _series.Value.Complete() : []);
        return lines;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        foreach (var (_, run) in _runs)
        {
            try
            {
                await run;
            }
            catch (Exception e) when (e is LoadFailedException or LoadOptionsException or OperationCanceledException)
            {
            }
        }
        _stop.Dispose();
        if (_series.IsValueCreated)
        {
            _series.Value.Dispose();
        }
    }
}
