using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Collect.Census;

/// <summary>
/// One process's census session: attached once, streamed to a file until the process exits (the runtime closes its
/// sessions at a clean exit) or the census stops it. <see cref="StopAsync"/> always ends the session: no process is
/// left with a session of ours open, whatever happened.
/// </summary>
internal sealed class ProcessRecording
{
    private static readonly TimeSpan StopLimit = TimeSpan.FromSeconds(30);

    private readonly AttachedTarget _target;
    private readonly EventPipeSession _session;
    private readonly FileStream _file;
    private readonly Task _copy;
    private bool _stoppedByUs;

    private ProcessRecording(AttachedTarget target, EventPipeSession session, FileStream file, string path, double offsetSeconds)
    {
        _target = target;
        _session = session;
        _file = file;
        Path = path;
        OffsetSeconds = offsetSeconds;
        _copy = new CountedCopy(session.EventStream, file).RunAsync();
    }

    public string Path { get; }

    public double OffsetSeconds { get; }

    public int ProcessId => _target.ProcessId;

    public string Name => _target.Process.Name;

    public bool Ended => _copy.IsCompleted;

    /// <summary>Attaches and starts the session; null when the process went away or refused (said through <paramref name="note"/>).</summary>
    public static async Task<ProcessRecording?> StartAsync(int pid, string path, double offsetSeconds, Action<string> note, CancellationToken cancellation)
    {
        AttachedTarget? target = null;
        try
        {
            target = await AttachedTarget.AttachAsync(TargetSpec.ForPid(pid), cancellation).ConfigureAwait(false);
            var attached = target;
            var session = await StacklessSession.Bounded(
                token => StartSessionAsync(attached, token), attached.Describe, pid, attached.AttachTimeout, cancellation).ConfigureAwait(false);
            var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16, useAsync: true);
            return new ProcessRecording(target, session, file, path, offsetSeconds);
        }
        catch (Exception e) when (e is AttachException or ServerNotAvailableException or ServerErrorException or IOException or TimeoutException or UnauthorizedAccessException)
        {
            if (ProcFs.IsRunning(pid))
            {
                note($"process {pid} not recorded: {e.Message.ReplaceLineEndings(" ")}");
            }
            if (target is not null)
            {
                await target.DisposeAsync().ConfigureAwait(false);
            }
            return null;
        }
    }

    private static async Task<EventPipeSession> StartSessionAsync(AttachedTarget target, CancellationToken token)
    {
        if (target.RuntimeVersion is { Major: < StackSessionStarter.WaitEventsMajor })
        {
            return await target.Client.StartEventPipeSessionAsync(CensusProviders.LegacyConfiguration(), token).ConfigureAwait(false);
        }
        try
        {
            return await target.Client.StartEventPipeSessionAsync(CensusProviders.Configuration(), token).ConfigureAwait(false);
        }
        catch (UnsupportedCommandException)
        {
            return await target.Client.StartEventPipeSessionAsync(CensusProviders.LegacyConfiguration(), token).ConfigureAwait(false);
        }
    }

    /// <summary>Stops the session if it still runs (the rundown names the methods), waits for the file and closes everything.</summary>
    public async Task<CensusTrace> StopAsync()
    {
        if (!_copy.IsCompleted)
        {
            _stoppedByUs = true;
            await SessionStop.RequestAsync(_session, StopLimit).ConfigureAwait(false);
        }
        if (await Task.WhenAny(_copy, Task.Delay(StopLimit)).ConfigureAwait(false) != _copy)
        {
            // The rundown never came: closing the connection ends the session at the runtime's next write.
            _session.Dispose();
        }
        try
        {
            await _copy.ConfigureAwait(false);
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // The connection dropped (the process exited): what reached the file is what there is.
        }
        _session.Dispose();
        await _file.DisposeAsync().ConfigureAwait(false);
        await _target.DisposeAsync().ConfigureAwait(false);
        return new CensusTrace(ProcessId, Name, Path, OffsetSeconds, _stoppedByUs);
    }
}
