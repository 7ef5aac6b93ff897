using System.Diagnostics;
using System.Net;
using System.Net.Http;
using PoolDoctor.Load.Engine;
using PoolDoctor.Load.Engine.Epoll;
using PoolDoctor.Load.Http;
using PoolDoctor.Load.Stats;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Load;

/// <summary>
/// Runs one load: checks the options, makes sure the target accepts a connection, starts the connections (plain
/// http:// HTTP/1.1 on Linux x86-64: the epoll engine's event loops over raw sockets; anything else: one loop per
/// connection through SocketsHttpHandler) and a monitor thread, and merges every connection's measurements. Sending
/// stops at the duration or the request count, whichever comes first; requests in flight then get until their own
/// timeout to finish and are counted, as bombardier does (so a starving server's slowest answers are measured, not
/// dropped). Cancellation aborts at once and returns what was measured so far.
/// </summary>
public static class LoadRunner
{
    private static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(5);

    /// <param name="series">
    /// A per-second series shared with other loads (the caller completes it); null: the run keeps its own and returns
    /// it in <see cref="LoadSummary.Series"/>.
    /// </param>
    public static async Task<LoadSummary> RunAsync(LoadOptions options, IProgress<LoadProgress>? progress, CancellationToken cancellation, LoadSeries? series = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        var endpoint = await TargetProbe.ConnectOnceAsync(options.Url, options.Timeout, cancellation);

        using var ownSeries = series is null ? new LoadSeries() : null;
        var recorder = series ?? ownSeries!;
        using var control = new RunControl(RunControl.TicksFromSeconds(options.Timeout.TotalSeconds));
        using var invoker = UsesEpoll(options) ? null : HttpClientConnection.CreateInvoker(options);
        var connectionCount = (int)Math.Min(options.Connections, options.Requests ?? long.MaxValue);
        control.StartTimestamp = Stopwatch.GetTimestamp();

        var shares = new (long Quota, SendSchedule? Schedule)[connectionCount];
        for (var i = 0; i < connectionCount; i++)
        {
            var quota = options.Requests is { } total ? (total / connectionCount) + (i < total % connectionCount ? 1 : 0) : long.MaxValue;
            shares[i] = (quota, options.Rate is { } rate ? new SendSchedule(control.StartTimestamp, rate, connectionCount, i) : null);
        }

        IReadOnlyList<ConnectionStats> stats;
        Func<long> finishedAt;
        Task loops;
        if (invoker is null)
        {
            var target = new EpollTarget(endpoint, HttpRequestEncoder.Encode(options.Url, options.Method, options.Headers, options.Body), options.Method == "HEAD");
            var engine = new EpollEngine(control, target, shares, options.ThinkTime, recorder);
            stats = engine.Connections.Select(c => c.Stats).ToList();
            finishedAt = () => engine.Connections.Max(c => c.FinishedAt);
            loops = engine.RunAsync();
        }
        else
        {
            var connections = shares.Select(s => new HttpClientConnection(control, s.Quota, s.Schedule, invoker, options, recorder)).ToList();
            stats = connections.Select(c => c.Stats).ToList();
            finishedAt = () => connections.Max(c => c.FinishedAt);
            loops = Task.WhenAll(connections.Select(c => Task.Run(c.RunAsync)));
        }

        using var monitor = new RunMonitor(stats, recorder, control, options, loops, progress, cancellation);
        await monitor.RunAsync();

        control.Stop();
        if (await Task.WhenAny(loops, Task.Delay(DrainLimit, CancellationToken.None)) != loops)
        {
            throw new LoadFailedException($"the load loops did not stop within {DrainLimit.TotalSeconds:0} s of the end of the run");
        }
        await loops;

        var end = monitor.StoppedAt != 0 ? monitor.StoppedAt : finishedAt();
        return SummaryBuilder.Build(options, connectionCount, stats, monitor.Sampler.Statistics, Stopwatch.GetElapsedTime(control.StartTimestamp, end))
            with { Series = ownSeries?.Complete() };
    }

    /// <summary>Plain http:// HTTP/1.1 goes through the epoll engine where it runs (Linux x86-64), unless told otherwise.</summary>
    internal static bool UsesEpoll(LoadOptions options) =>
        options.Url.Scheme == Uri.UriSchemeHttp && !options.ForceHttpClient && options.Protocol == LoadProtocol.Http1 && EpollEngine.IsSupported;
}
