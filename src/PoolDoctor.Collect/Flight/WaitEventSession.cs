using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Collect.Flight;

/// <summary>
/// The flight recorder's wait events: a stackless EventPipe session of its own asking the runtime for ContentionStart
/// (81) and WaitHandleWaitStart (301, .NET 9 on) only, so each thread that begins to block costs the target one small
/// event and no stack walk. A healthy service blocks rarely; one that waits all the time (more than
/// <see cref="FlightLimits.MaxWaitsPerSecond"/>) would pay for every wait, so the session switches itself off for
/// <see cref="FlightLimits.RestSeconds"/> and says so (<see cref="TakeNotes"/>). Events wait in a bounded buffer until
/// the watch loop takes them (<see cref="Take"/>); the session is stopped on dispose whatever happened.
/// </summary>
public sealed class WaitEventSession : IAsyncDisposable
{
    private const int ContentionStartId = 81;
    private const int WaitHandleWaitStartId = 301;
    private const int MaxPending = FlightLimits.MaxWaits;

    private readonly DiagnosticsClient _client;
    private readonly DateTime _startUtc;
    private readonly Lock _gate = new();
    private readonly List<WaitEvent> _pending = [];
    private readonly List<string> _notes = [];
    private readonly SwitchedSession _session;
    private DateTime _restUntilUtc = DateTime.MinValue;
    private long _burstStartTicks;
    private int _burstWaits;

    /// <param name="startUtc">The watch's clock: the counter session's start, so waits and samples line up.</param>
    public WaitEventSession(AttachedTarget target, DateTime startUtc)
    {
        _client = target.Client;
        _startUtc = startUtc;
        _session = new SwitchedSession(_gate);
    }

    public bool Running => _session.Running;

    /// <summary>The events read since the last call, oldest first.</summary>
    public IReadOnlyList<WaitEvent> Take()
    {
        lock (_gate)
        {
            var taken = _pending.ToList();
            _pending.Clear();
            return taken;
        }
    }

    /// <summary>What happened to the session since the last call (switched off for a flood, could not start).</summary>
    public IReadOnlyList<string> TakeNotes()
    {
        lock (_gate)
        {
            var taken = _notes.ToList();
            _notes.Clear();
            return taken;
        }
    }

    /// <summary>Starts the session unless it runs, rests after a flood, or was disposed; never throws (the recorder is optional).</summary>
    public Task EnsureRunningAsync() => _session.SwitchAsync(async () =>
    {
        if (Running || DateTime.UtcNow < _restUntilUtc)
        {
            return;
        }
        var provider = new EventPipeProvider(StackSessionProviders.Runtime, EventLevel.Verbose, RuntimeKeywords.Contention | RuntimeKeywords.WaitHandle, arguments: null,
            new EventPipeProviderEventFilter(enable: true, [ContentionStartId, WaitHandleWaitStartId]));
        EventPipeSession session;
        try
        {
            // A small buffer: a flood is cut within a quarter of a second, and nothing else fills it.
            session = await StacklessSession.StartAsync(_client, [provider], circularBufferMB: 4, CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            lock (_gate)
            {
                _notes.Add($"wait events not recorded: {e.Message.ReplaceLineEndings(" ")}");
                _restUntilUtc = DateTime.UtcNow.AddSeconds(FlightLimits.RestSeconds);
            }
            return;
        }
        _session.Run(session, Pump, () =>
        {
            _burstStartTicks = 0;
            _burstWaits = 0;
        });
    });

    private void Pump(EventPipeSession session)
    {
        var flooded = false;
        try
        {
            using var source = new EventPipeEventSource(session.EventStream);
            source.AllEvents += data =>
            {
                if (!OnEvent(data))
                {
                    flooded = true;
                    source.StopProcessing();
                }
            };
            source.Process();
            if (flooded)
            {
                // Read to the end unparsed: a full socket would hold up the runtime's stop.
                session.EventStream.CopyTo(Stream.Null);
            }
        }
        catch (Exception)
        {
            // The stream ends when the session stops or the target exits.
        }
    }

    // False when the rate says the session must go.
    private bool OnEvent(TraceEvent data)
    {
        // By GUID and id: a live source that parses no payload names the provider "Provider(guid)".
        var kind = data.ProviderGuid != ClrTraceEventParser.ProviderGuid ? null : (int)data.ID switch
        {
            ContentionStartId => WaitKind.LockContention,
            WaitHandleWaitStartId => IsMonitorWait(data) ? WaitKind.MonitorWait : WaitKind.WaitHandle,
            _ => (WaitKind?)null,
        };
        if (kind is not { } k)
        {
            return true;
        }
        var wait = new WaitEvent(Math.Round(Math.Max(0, (data.TimeStamp.ToUniversalTime() - _startUtc).TotalSeconds), 4), data.ThreadID, k);
        lock (_gate)
        {
            if (!_session.RunningUnderGate)
            {
                return true;
            }
            if (Flooding(data.TimeStamp.Ticks))
            {
                _notes.Add($"wait events off for {FlightLimits.RestSeconds:0} s from {wait.Seconds:0.0} s: more than {FlightLimits.MaxWaitsPerSecond} a second would cost the target too much");
                _restUntilUtc = DateTime.UtcNow.AddSeconds(FlightLimits.RestSeconds);
                _ = Task.Run(() => _session.SwitchAsync(() => _session.StopAsync()));
                return false;
            }
            if (_pending.Count < MaxPending)
            {
                _pending.Add(wait);
            }
        }
        return true;
    }

    // The payload's first field, WaitSource (UInt8): 0 Unknown (a WaitHandle), 1 MonitorWait.
    private static bool IsMonitorWait(TraceEvent data) => data.EventDataLength > 0 && data.EventData()[0] == 1;

    // Counts waits per quarter second of event time; true past twice the per-second limit's share (a burst, not a blip).
    private bool Flooding(long ticks)
    {
        if (ticks - _burstStartTicks > TimeSpan.TicksPerSecond / 4)
        {
            _burstStartTicks = ticks;
            _burstWaits = 0;
        }
        return ++_burstWaits > FlightLimits.MaxWaitsPerSecond / 2;
    }

    public ValueTask DisposeAsync() => _session.DisposeAsync();
}
