using Microsoft.Diagnostics.NETCore.Client;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// An EventPipe session that a watcher switches on and off while it watches (the queue delay's, the flight recorder's
/// wait events): one switch at a time, the events read on a thread of their own, a stop bounded in time, and the
/// session stopped for good on dispose. The owner's <c>gate</c> guards the session together with the owner's own
/// state, so the owner's events can ask <see cref="RunningUnderGate"/> under the same lock.
/// </summary>
internal sealed class SwitchedSession(Lock gate) : IAsyncDisposable
{
    private static readonly TimeSpan StopTimeout = TimeSpan.FromSeconds(5);

    private readonly SemaphoreSlim _switch = new(1, 1);
    private EventPipeSession? _session;
    private Task? _pump;
    private bool _disposed;

    public bool Running { get { lock (gate) { return _session is not null; } } }

    /// <summary>Whether a session runs, for a caller that holds the gate already.</summary>
    public bool RunningUnderGate => _session is not null;

    /// <summary>Runs <paramref name="change"/> as the one switch under way, unless the session was disposed.</summary>
    public async Task SwitchAsync(Func<Task> change)
    {
        try
        {
            await _switch.WaitAsync().ConfigureAwait(false);
        }
        catch (ObjectDisposedException)
        {
            return; // disposed meanwhile: the dispose stopped the session
        }
        try
        {
            if (!_disposed)
            {
                await change().ConfigureAwait(false);
            }
        }
        finally
        {
            _switch.Release();
        }
    }

    /// <summary>Within a switch: the started session runs, its events read by <paramref name="pump"/>;
    /// <paramref name="underGate"/> resets the owner's state for it under the gate.</summary>
    public void Run(EventPipeSession session, Action<EventPipeSession> pump, Action underGate)
    {
        lock (gate)
        {
            _session = session;
            underGate();
        }
        _pump = Task.Factory.StartNew(() => pump(session), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    /// <summary>Within a switch: stops the session, if one runs, and waits (bounded) for its pump to finish;
    /// <paramref name="underGate"/> runs under the gate as the session goes.</summary>
    public async Task StopAsync(Action? underGate = null)
    {
        EventPipeSession? session;
        lock (gate)
        {
            session = _session;
            _session = null;
            underGate?.Invoke();
        }
        if (session is null)
        {
            return;
        }
        await SessionStop.RequestAsync(session, StopTimeout).ConfigureAwait(false);
        if (_pump is not null)
        {
            await _pump.WaitAsync(StopTimeout).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
        session.Dispose();
    }

    public async ValueTask DisposeAsync()
    {
        await _switch.WaitAsync().ConfigureAwait(false);
        try
        {
            _disposed = true;
            await StopAsync().ConfigureAwait(false);
        }
        finally
        {
            _switch.Release();
        }
        _switch.Dispose();
    }
}
