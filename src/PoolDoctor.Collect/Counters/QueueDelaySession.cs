using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// The pool's queue delay, from FrameworkEventSource's ThreadPoolEnqueueWork/ThreadPoolDequeueWork events (ids 30/31,
/// Verbose, keywords ThreadPool|ThreadTransfer), in a second EventPipe session of its own. Those events cost the target
/// two events per work item, so the session only runs while the pool completes few enough items for that to be cheap
/// (<see cref="MaxItemsPerSecond"/>): a starving or slow pool is measured all the time, a busy healthy one is not measured
/// (its samples carry no queueDelayMs). <see cref="SteerAsync"/> decides after each counter sample. docs/detection.md.
/// </summary>
internal sealed class QueueDelaySession : IAsyncDisposable
{
    public const string Provider = "System.Diagnostics.Eventing.FrameworkEventSource";
    private const long Keywords = 0x2 | 0x10;
    private const int EnqueueEventId = 30;
    private const int DequeueEventId = 31;

    private readonly DiagnosticsClient _client;
    private readonly DateTime _startUtc;
    private readonly QueueDelayMeter _meter = new();
    private readonly Lock _gate = new();
    private readonly SwitchedSession _session;
    private bool _flooded;
    private EventPipeEventSource? _floodedSource;
    private DateTime _restUntilUtc = DateTime.MinValue;
    private long _burstStartTicks;
    private int _burstEnqueues;

    public QueueDelaySession(DiagnosticsClient client, DateTime startUtc)
    {
        _client = client;
        _startUtc = startUtc;
        _session = new SwitchedSession(_gate);
    }

    /// <summary>Completed items a second above which the events would cost the target more than about 1 % of a core.</summary>
    public static double MaxItemsPerSecond { get; } = 5_000;

    // Between two counter samples the pool can go from idle to tens of thousands of items a second (traffic arriving),
    // and every one of them costs the target two events until the next sample says so. The session watches its own
    // rate and switches itself off within a quarter of a second of it passing twice the limit.
    private static readonly TimeSpan BurstWindow = TimeSpan.FromMilliseconds(250);
    private static readonly int MaxEnqueuesPerBurst = (int)(2 * MaxItemsPerSecond * BurstWindow.TotalSeconds);

    // After switching itself off for a flood, it stays off this long: a rate that hovers at the limit would otherwise
    // start a session every second.
    private static readonly TimeSpan RestAfterFlood = TimeSpan.FromSeconds(10);

    public bool Running => _session.Running;

    /// <summary>The delay over the interval that ends now (sample time, seconds since the watch started).</summary>
    public QueueDelay? Take(double seconds, double queueLength)
    {
        lock (_gate)
        {
            return !_session.RunningUnderGate || _flooded ? null : _meter.TakeInterval(seconds, queueLength);
        }
    }

    /// <summary>
    /// Starts or stops the event session for the pool's current rate (and whether the watch wants the delay at all now);
    /// never throws (the delay is optional).
    /// </summary>
    public async Task SteerAsync(double completedPerSecond, bool wanted = true)
    {
        var want = wanted && completedPerSecond <= MaxItemsPerSecond;
        await _session.SwitchAsync(async () =>
        {
            if (want == Running)
            {
                return;
            }
            if (want)
            {
                if (DateTime.UtcNow < _restUntilUtc)
                {
                    return;
                }
                await StartAsync().ConfigureAwait(false);
            }
            else
            {
                await _session.StopAsync(_meter.Reset).ConfigureAwait(false);
            }
        }).ConfigureAwait(false);
    }

    private async Task StartAsync()
    {
        try
        {
            var provider = new EventPipeProvider(Provider, EventLevel.Verbose, Keywords);
            // A small buffer: what is still in it when the session stops is parsed for nothing.
            var session = await StacklessSession.StartAsync(_client, [provider], circularBufferMB: 4, CancellationToken.None).ConfigureAwait(false);
            _session.Run(session, Pump, () =>
            {
                _meter.Reset();
                _flooded = false;
                _floodedSource = null;
                _burstStartTicks = 0;
                _burstEnqueues = 0;
            });
        }
        catch (Exception)
        {
            // No queue delay (an old runtime, a target that is leaving): the counters go on without it.
        }
    }

    private void Pump(EventPipeSession session)
    {
        try
        {
            using var source = new EventPipeEventSource(session.EventStream);
            source.Dynamic.All += OnEvent;
            source.Process();
            if (Volatile.Read(ref _floodedSource) == source)
            {
                // What the runtime still sends until the stop lands is read and dropped unparsed: it must be read (a full
                // socket would hold up the runtime's stop), but parsing it was most of what a flood cost this process.
                session.EventStream.CopyTo(Stream.Null);
            }
        }
        catch (Exception)
        {
            // The stream ends when the session stops or the target exits.
        }
    }

    private void OnEvent(TraceEvent data)
    {
        var id = (int)data.ID;
        if ((id != EnqueueEventId && id != DequeueEventId) || data.ProviderName != Provider)
        {
            return;
        }
        if (data.PayloadValue(0) is not { } value)
        {
            return;
        }
        var workId = Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
        var seconds = (data.TimeStamp.ToUniversalTime() - _startUtc).TotalSeconds;
        lock (_gate)
        {
            if (!_session.RunningUnderGate || _flooded)
            {
                return; // stopping: what is left in the stream is not measured
            }
            if (id == EnqueueEventId)
            {
                if (Flooding(data.TimeStamp.Ticks))
                {
                    _flooded = true;
                    _restUntilUtc = DateTime.UtcNow + RestAfterFlood;
                    _meter.Reset();
                    if (data.Source is EventPipeEventSource source)
                    {
                        Volatile.Write(ref _floodedSource, source);
                        source.StopProcessing();
                    }
                    // Off the pump's thread: stopping waits for the pump to finish.
                    _ = Task.Run(() => SteerAsync(double.PositiveInfinity));
                    return;
                }
                _meter.Enqueued(workId, seconds);
            }
            else
            {
                _meter.Dequeued(workId, seconds);
            }
        }
    }

    // Counts enqueues per window of event time; true when a window holds more than the pool may cheaply enqueue.
    private bool Flooding(long ticks)
    {
        if (ticks - _burstStartTicks > BurstWindow.Ticks)
        {
            _burstStartTicks = ticks;
            _burstEnqueues = 0;
        }
        return ++_burstEnqueues > MaxEnqueuesPerBurst;
    }

    public ValueTask DisposeAsync() => _session.DisposeAsync();
}
