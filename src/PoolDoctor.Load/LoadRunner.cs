using System.Diagnostics;
using System.Net;
using System.Net.Http;
using PoolDoctor.Load.Engine;
using PoolDoctor.Load.Http;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Load;

/// <summary>
/// Runs one load: checks the options, makes sure the target accepts a connection, starts one loop per connection
/// (raw sockets for http://, SocketsHttpHandler otherwise) and a monitor thread, and merges every connection's
/// measurements. Sending stops at the duration or the request count, whichever comes first; requests in flight
/// then get until their own timeout to finish and are counted, as bombardier does (so a starving server's slowest
/// answers are measured, not dropped). Cancellation aborts at once and returns what was measured so far.
/// </summary>
public static class LoadRunner
{
    private static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(5);

    public static async Task<LoadSummary> RunAsync(LoadOptions options, IProgress<LoadProgress>? progress, CancellationToken cancellation)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        var endpoint = await TargetProbe.ConnectOnceAsync(options.Url, options.Timeout, cancellation);

        using var control = new RunControl(RunControl.TicksFromSeconds(options.Timeout.TotalSeconds));
        using var invoker = UsesRawSockets(options) ? null : HttpClientConnection.CreateInvoker(options);
        var request = HttpRequestEncoder.Encode(options.Url, options.Method, options.Headers);
        var connectionCount = (int)Math.Min(options.Connections, options.Requests ?? long.MaxValue);
        control.StartTimestamp = Stopwatch.GetTimestamp();

        var connections = new LoadConnection[connectionCount];
        for (var i = 0; i < connectionCount; i++)
        {
            var quota = options.Requests is { } total ? (total / connectionCount) + (i < total % connectionCount ? 1 : 0) : long.MaxValue;
            var schedule = options.Rate is { } rate ? new SendSchedule(control.StartTimestamp, rate, connectionCount, i) : null;
            connections[i] = invoker is null
                ? new RawHttpConnection(control, quota, schedule, endpoint, request, options.Method == "HEAD")
                : new HttpClientConnection(control, quota, schedule, invoker, options);
        }

        var loops = Task.WhenAll(connections.Select(c => Task.Run(c.RunAsync)));
        using var monitor = new RunMonitor(connections, control, options, loops, progress, cancellation);
        await monitor.RunAsync();

        control.Stop();
        foreach (var connection in connections)
        {
            connection.Abort();
        }
        if (await Task.WhenAny(loops, Task.Delay(DrainLimit, CancellationToken.None)) != loops)
        {
            throw new LoadFailedException($"the load loops did not stop within {DrainLimit.TotalSeconds:0} s of the end of the run");
        }

        var end = monitor.StoppedAt != 0 ? monitor.StoppedAt : connections.Max(c => c.FinishedAt);
        return SummaryBuilder.Build(options, connectionCount, connections.Select(c => c.Stats).ToList(), monitor.Sampler.Statistics,
            Stopwatch.GetElapsedTime(control.StartTimestamp, end));
    }

    private static bool UsesRawSockets(LoadOptions options) =>
        options.Url.Scheme == Uri.UriSchemeHttp && !options.ForceHttpClient && options.Protocol == LoadProtocol.Http1;
}
