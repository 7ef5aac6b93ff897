using System.Diagnostics.Tracing;
using System.Globalization;
using System.Threading.Channels;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.SelfTiming;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// One EventPipe session on a target that streams its `System.Runtime` counters (1 s interval, or shorter when asked) and the thread
/// pool's own injection decisions (event 55). Intervals arrive through <see cref="ReadAllAsync"/> and are not kept
/// here (a watch runs for days; whoever needs the series keeps it). The session is always stopped
/// explicitly (dispose, cancel, error) so the target is never left streaming to nobody.
/// </summary>
public sealed class CounterSession : IAsyncDisposable
{
    private const long ThreadingKeyword = 0x10000;

    // ThreadPoolWorkerThreadAdjustment/Adjustment: the only event of the Threading keyword read here. The keyword also
    // enables the workers' wait, start and stop events (~95 a second on a busy healthy service), which a .NET 10
    // target then does not write at all.
    private const uint AdjustmentEventId = 55;

    // ThreadPoolMinMaxThreads: written when the pool starts and on each SetMinThreads/SetMaxThreads call, never otherwise,
    // so it costs nothing while the bounds stay put and says when (and to what) code changes them during the watch.
    private const uint MinMaxThreadsEventId = 59;
    private static readonly TimeSpan StopTimeout = TimeSpan.FromSeconds(5);

    // The server's own gauges, which say how many requests a service has in flight when the tool drives no load. At
    // Critical level only their counters arrive (EventCounters are written at LogAlways): the hosting source's
    // per-request start/stop events and Kestrel's per-connection ones are Informational and stay off.
    private const string HostingProvider = "Microsoft.AspNetCore.Hosting";
    private const string KestrelProvider = "Microsoft-AspNetCore-Server-Kestrel";

    private readonly AttachedTarget _target;
    private readonly EventPipeSession _session;
    private readonly DateTime _startUtc;
    private readonly SampleAssembler _assembler;
    private readonly Channel<CounterInterval> _intervals = Channel.CreateUnbounded<CounterInterval>(new UnboundedChannelOptions { SingleWriter = true });
    private readonly Lock _gate = new();
    private readonly List<InjectionEvent> _pending = [];
    private readonly TaskCompletionSource<WatchEnd> _ended = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly RunnableWorkerMeter _runnable;
    private readonly QueueDelaySession? _queueDelay;
    private readonly QueueDelayDemand _queueDelayDemand;
    private Task? _pump;
    private int _stopping;
    private int _samplesSeen;
    private int _eventSeen;
    private volatile WatchEnd? _silent;
    private double? _currentConnections;
    private double? _currentRequests;
    private PoolLimits? _limitsSet;

    private CounterSession(AttachedTarget target, EventPipeSession session, DateTime startUtc, int cores, double intervalSeconds, QueueDelayMode queueDelay)
    {
        _queueDelay = queueDelay == QueueDelayMode.Off ? null : new QueueDelaySession(target.Client, startUtc);
        _queueDelayDemand = new QueueDelayDemand(queueDelay);
        _target = target;
        _session = session;
        _startUtc = startUtc;
        _assembler = new SampleAssembler(cores, intervalSeconds);
        _runnable = new RunnableWorkerMeter(target.ProcessId);
    }

    public int Cores => _assembler.Cores;

    public int ProcessId => _target.ProcessId;

    /// <summary>The moment samples count their seconds from (another session on the same clock uses it too).</summary>
    public DateTime StartUtc => _startUtc;

    /// <summary>The pool's bounds as the runtime last reported them during the watch (a setter call, or the pool's start); null when it reported none.</summary>
    public PoolLimits? LimitsSet => Volatile.Read(ref _limitsSet);

    /// <summary>Completes when the stream stops, with the reason (stopped by us, target exited, failed).</summary>
    public Task<WatchEnd> Ended => _ended.Task;

    /// <summary>
    /// Starts the session; <paramref name="intervalSeconds"/> is the counter interval (1 s, or 0.5 s where a verdict is
    /// wanted fast); <paramref name="queueDelay"/> says when to add the pool's queue delay (a second session, see <see cref="QueueDelaySession"/>).
    /// </summary>
    public static async Task<CounterSession> StartAsync(AttachedTarget target, CancellationToken cancellationToken, double intervalSeconds = 1, QueueDelayMode queueDelay = QueueDelayMode.Always)
    {
        var providers = new[]
        {
            new EventPipeProvider(CounterNames.Provider, EventLevel.Informational, 0,
                new Dictionary<string, string> { ["EventCounterIntervalSec"] = intervalSeconds.ToString("0.###", CultureInfo.InvariantCulture) }),
            new EventPipeProvider("Microsoft-Windows-DotNETRuntime", EventLevel.Informational, ThreadingKeyword, arguments: null,
                new EventPipeProviderEventFilter(enable: true, [AdjustmentEventId, MinMaxThreadsEventId])),
            ServerCounters(HostingProvider, intervalSeconds),
            ServerCounters(KestrelProvider, intervalSeconds),
        };
        var startUtc = DateTime.UtcNow;
        EventPipeSession session;
        try
        {
            session = await StacklessSession.StartAsync(target.Client, providers, circularBufferMB: 16, cancellationToken, target.Describe, target.ProcessId, target.AttachTimeout);
        }
        catch (Exception e) when (e is not OperationCanceledException and not AttachException)
        {
            throw new AttachException(target.IsAlive
                ? $"cannot start an EventPipe session in {target.Describe}: {e.Message}"
                : $"{target.Describe} exited before the session started", e);
        }
        ToolTimeline.Mark("session");
        target.ResumeIfSuspended();
        var watcher = new CounterSession(target, session, startUtc, TargetCores.Of(target.ProcessId), intervalSeconds, queueDelay);
        watcher._runnable.Start();
        if (watcher._queueDelay is not null && queueDelay == QueueDelayMode.Always)
        {
            // From the start: a starved pool enqueues almost nothing once its threads are stuck, so the items queued in
            // the first second are often the only ones seen. On a busy pool the session switches itself off within a
            // quarter of a second (its flood guard), before the first sample says so.
            _ = watcher._queueDelay.SteerAsync(0);
        }
        watcher._pump = Task.Factory.StartNew(watcher.Pump, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        _ = watcher.WatchFirstEventAsync(FirstEventBound(target.AttachTimeout, intervalSeconds));
        return watcher;
    }

    /// <summary>
    /// How long a started session may stay silent before its first event: the attach timeout plus two intervals (the
    /// runtime writes its first counters one interval after the start, from a thread of its own, so even a starved pool
    /// sends them). A target paused right after the start (SIGSTOP, a debugger, docker pause) sends nothing at all.
    /// </summary>
    public static TimeSpan FirstEventBound(TimeSpan attachTimeout, double intervalSeconds) => attachTimeout + TimeSpan.FromSeconds(2 * intervalSeconds);

    /// <summary>
    /// Ends the watch with one line when no event arrives within <paramref name="bound"/> of the start: the stream is
    /// closed (the pump then ends, and the runtime drops the session at its next write, so none is left behind once the
    /// target runs again) and no stop is asked of a runtime that answers nothing.
    /// </summary>
    private async Task WatchFirstEventAsync(TimeSpan bound)
    {
        await Task.Delay(bound).ConfigureAwait(false);
        if (Volatile.Read(ref _eventSeen) == 1 || Volatile.Read(ref _stopping) == 1 || _ended.Task.IsCompleted)
        {
            return;
        }
        _silent = new WatchEnd(WatchEndKind.Failed,
            $"{_target.Describe} started the EventPipe session but sent no event in {TargetWait.Seconds(bound)}: {RuntimeHandshake.WhySilent(_target.ProcessId)}");
        _session.Dispose();
    }

    private static EventPipeProvider ServerCounters(string name, double intervalSeconds) =>
        new(name, EventLevel.Critical, 0,
            new Dictionary<string, string> { ["EventCounterIntervalSec"] = intervalSeconds.ToString("0.###", CultureInfo.InvariantCulture) });

    public IAsyncEnumerable<CounterInterval> ReadAllAsync(CancellationToken cancellationToken) =>
        _intervals.Reader.ReadAllAsync(cancellationToken);

    private void Pump()
    {
        Exception? failure = null;
        try
        {
            using var source = new EventPipeEventSource(_session.EventStream);
            source.Dynamic.All += OnDynamicEvent;
            source.Clr.ThreadPoolWorkerThreadAdjustmentAdjustment += OnAdjustment;
            source.Clr.ThreadPoolMinMaxThreads += OnMinMaxThreads;
            source.Process();
        }
        catch (Exception e)
        {
            failure = e;
        }
        _ended.TrySetResult(Classify(failure));
        _intervals.Writer.TryComplete();
    }

    private WatchEnd Classify(Exception? failure)
    {
        if (_silent is { } silent)
        {
            return silent;
        }
        if (Volatile.Read(ref _stopping) == 1)
        {
            return new WatchEnd(WatchEndKind.Stopped, "stopped");
        }
        // The stream ends a moment before /proc forgets the process; give it that moment.
        for (var i = 0; i < 20 && _target.IsAlive; i++)
        {
            Thread.Sleep(100);
        }
        if (!_target.IsAlive)
        {
            return new WatchEnd(WatchEndKind.TargetExited, $"{_target.Describe} exited");
        }
        return new WatchEnd(WatchEndKind.Failed, failure is null
            ? $"{_target.Describe} closed the event stream"
            : $"reading events from {_target.Describe} failed: {failure.Message}");
    }

    private double SecondsOf(TraceEvent data) =>
        Math.Max(0, (data.TimeStamp.ToUniversalTime() - _startUtc).TotalSeconds);

    private void OnDynamicEvent(TraceEvent data)
    {
        Volatile.Write(ref _eventSeen, 1);
        ToolTimeline.Mark("first-event");
        if (data.EventName != "EventCounters" || data.PayloadValue(0) is not IDictionary<string, object?> outer)
        {
            return;
        }
        var fields = outer.TryGetValue("Payload", out var inner) && inner is IDictionary<string, object?> nested ? nested : outer;
        if (CounterValue.FromPayload(fields) is not { } reading)
        {
            return;
        }
        if (data.ProviderName != CounterNames.Provider)
        {
            KeepServerGauge(data.ProviderName, reading);
            return;
        }
        var seconds = SecondsOf(data);
        lock (_gate)
        {
            if (_assembler.Add(reading, seconds) is not { } assembled)
            {
                return;
            }
            var sample = assembled with
            {
                RunnableWorkers = _runnable.TakeMean(),
                WorkerScheduling = _runnable.TakeScheduling(),
                QueueDelayMs = _queueDelay?.Take(assembled.Seconds, assembled.QueueLength),
                CurrentConnections = _currentConnections,
                CurrentRequests = _currentRequests,
            };
            if (_queueDelay is not null && Volatile.Read(ref _stopping) == 0)
            {
                _ = _queueDelay.SteerAsync(sample.CompletedPerSecond, _queueDelayDemand.Wants(sample.Seconds, sample.QueueLength));
            }
            if (ToolTimeline.IsEnabled && ++_samplesSeen <= 8)
            {
                ToolTimeline.Mark($"sample{_samplesSeen}");
            }
            var injections = _pending.ToList();
            _pending.Clear();
            _intervals.Writer.TryWrite(new CounterInterval(sample, injections));
        }
    }

    private void KeepServerGauge(string provider, CounterValue reading)
    {
        lock (_gate)
        {
            if (provider == KestrelProvider && reading.Name == "current-connections")
            {
                _currentConnections = reading.Value;
            }
            else if (provider == HostingProvider && reading.Name == "current-requests")
            {
                _currentRequests = reading.Value;
            }
        }
    }

    private void OnAdjustment(ThreadPoolWorkerThreadAdjustmentTraceData data)
    {
        Volatile.Write(ref _eventSeen, 1);
        var injection = new InjectionEvent(
            Math.Round(SecondsOf(data), 3),
            data.NewWorkerThreadCount,
            (AdjustmentReason)(int)data.Reason,
            data.AverageThroughput);
        lock (_gate)
        {
            _pending.Add(injection);
        }
    }

    private void OnMinMaxThreads(ThreadPoolMinMaxThreadsTraceData data)
    {
        Volatile.Write(ref _eventSeen, 1);
        Volatile.Write(ref _limitsSet, new PoolLimits(
            data.MinWorkerThreads, data.MaxWorkerThreads, new DateTimeOffset(data.TimeStamp.ToUniversalTime(), TimeSpan.Zero), PoolLimitsReadingKind.Event));
    }

    /// <summary>Stops the session and waits for the stream to drain; safe to call more than once.</summary>
    public async Task StopAsync()
    {
        if (Interlocked.Exchange(ref _stopping, 1) == 1)
        {
            if (_pump is not null)
            {
                await _pump.WaitAsync(StopTimeout).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            }
            return;
        }
        // Both sessions stop at once: each stop waits for the runtime to flush, and `detect` exits only after both.
        var queueDelayStopped = _queueDelay is null ? Task.CompletedTask : _queueDelay.DisposeAsync().AsTask();
        if (_silent is not null)
        {
            // A runtime that sent nothing answers no stop either: its stream is closed already, and the queue-delay
            // session's own stop is not waited for past a second (an abandoned start stops itself when it returns).
            if (_pump is not null)
            {
                await _pump.WaitAsync(StopTimeout).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            }
            _runnable.Dispose();
            await queueDelayStopped.WaitAsync(TimeSpan.FromSeconds(1)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            _intervals.Writer.TryComplete();
            return;
        }
        await SessionStop.RequestAsync(_session, StopTimeout);
        if (_pump is not null)
        {
            await _pump.WaitAsync(StopTimeout).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
        _session.Dispose();
        _runnable.Dispose();
        await queueDelayStopped.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        _intervals.Writer.TryComplete();
    }

    public async ValueTask DisposeAsync() => await StopAsync();
}
