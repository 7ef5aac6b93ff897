using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Follows ASP.NET Core's request events from the moment a diagnosis attaches, so that when the stack capture starts
/// later — once the pool is already blocked — the requests each thread is stuck in are known: a 1 s capture of a
/// starving service sees almost no request start or end, and the handlers a Release JIT inlined are then nameless.
/// Only the DiagnosticSource bridge's few request events (the stack session's own filter), no stacks: a light session.
/// A target without ASP.NET Core writes nothing here, and a session that cannot start just leaves this empty.
/// </summary>
public sealed class RequestWatch : IAsyncDisposable
{
    private static readonly TimeSpan StopTimeout = TimeSpan.FromSeconds(5);

    private readonly EventPipeSession? _session;
    private readonly RequestTracker _tracker = new();
    private readonly object _gate = new();
    private readonly Task _pump = Task.CompletedTask;
    private int _stopped;

    private RequestWatch(EventPipeSession? session)
    {
        _session = session;
        if (session is not null)
        {
            _pump = Task.Factory.StartNew(Pump, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }
    }

    public static async Task<RequestWatch> StartAsync(AttachedTarget target, CancellationToken cancellation)
    {
        try
        {
            var session = await StacklessSession.StartAsync(target.Client, [StackSessionProviders.AspNetCoreBridge()], circularBufferMB: 16, cancellation, target.Describe, target.ProcessId, target.AttachTimeout);
            return new RequestWatch(session);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            return new RequestWatch(null); // the capture still names what its own window sees
        }
    }

    /// <summary>The request each thread serves now (threads serving none are absent).</summary>
    public IReadOnlyDictionary<int, ServedRequest> Serving()
    {
        lock (_gate)
        {
            return _tracker.Serving();
        }
    }

    private void Pump()
    {
        try
        {
            using var source = new EventPipeEventSource(_session!.EventStream);
            source.Dynamic.All += e =>
            {
                lock (_gate)
                {
                    _tracker.Add(e);
                }
            };
            source.Process();
        }
        catch (Exception)
        {
            // The target exited or the stream closed: what was seen so far stays.
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _stopped, 1) == 1 || _session is null)
        {
            return;
        }
        await SessionStop.RequestAsync(_session, StopTimeout);
        await _pump.WaitAsync(StopTimeout).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        _session.Dispose();
    }
}
