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

    /// <summary>How often a rundown is taken while the recording grows (methods the stacks hold must be named before the
    /// runner ends the process).</summary>
    private static readonly TimeSpan RundownEvery = TimeSpan.FromSeconds(1);

    private static readonly TimeSpan WaitPoll = TimeSpan.FromMilliseconds(50);

    /// <summary>How long after a burst of waits the rundown comes: the burst's methods are prepared by then.</summary>
    private static readonly TimeSpan WaitSettle = TimeSpan.FromMilliseconds(100);

    private readonly AttachedTarget _target;
    private readonly EventPipeSession _session;
    private readonly FileStream _file;
    private readonly Task _copy;
    private readonly TaskCompletionSource _stopRundowns = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private Task _rundowns = Task.CompletedTask;
    private bool _stoppedByUs;
    private bool _legacy;
    private string? _rundown;

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
            var recording = new ProcessRecording(target, session, file, path, offsetSeconds)
            {
                _legacy = target.RuntimeVersion is { Major: < StackSessionStarter.WaitEventsMajor },
            };
            recording._rundowns = recording.TakeRundownsAsync();
            return recording;
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
        // CensusProviders.WithTaskWaits (TaskWaitBegin/End, found before the spin) is not asked for: in one CI run of the
        // census on CensusShop.Tests it listed the async twin CheckoutQueue.CheckoutAsync, a wrong finding; off until
        // that is understood (docs/census.md).
        try
        {
            return await target.Client.StartEventPipeSessionAsync(CensusProviders.Configuration(), token).ConfigureAwait(false);
        }
        catch (UnsupportedCommandException)
        {
            return await target.Client.StartEventPipeSessionAsync(CensusProviders.LegacyConfiguration(), token).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Takes a rundown shortly after each burst of waits (a small stackless session of the flight recorder says when a
    /// thread begins to block), and at least every <see cref="RundownEvery"/> while the recording grows: the stacks of
    /// those waits hold framework methods (ReadyToRun code) that only a rundown names, and the runner may end the
    /// process at any moment after its last test.
    /// </summary>
    private async Task TakeRundownsAsync()
    {
        long named = 0;
        var stop = _stopRundowns.Task;
        var sinceRundown = System.Diagnostics.Stopwatch.StartNew();
        TimeSpan? lastWait = null;
        await using var waits = new PoolDoctor.Collect.Flight.WaitEventSession(_target, DateTime.UtcNow);
        await waits.EnsureRunningAsync().ConfigureAwait(false);
        while (!_copy.IsCompleted && !stop.IsCompleted)
        {
            await Task.WhenAny(_copy, stop, Task.Delay(WaitPoll)).ConfigureAwait(false);
            if (_copy.IsCompleted || stop.IsCompleted)
            {
                return;
            }
            if (waits.Take().Count > 0)
            {
                lastWait = sinceRundown.Elapsed;
            }
            _ = waits.TakeNotes();
            await waits.EnsureRunningAsync().ConfigureAwait(false);
            // A burst of waits that has settled, or one that goes on for a second: name what its stacks hold.
            var afterWaits = lastWait is { } seen && (sinceRundown.Elapsed - seen >= WaitSettle || sinceRundown.Elapsed >= RundownEvery);
            if (!afterWaits && sinceRundown.Elapsed < RundownEvery * 2)
            {
                continue;
            }
            long length;
            try
            {
                length = new FileInfo(Path).Length;
            }
            catch (IOException)
            {
                return;
            }
            if (!afterWaits && length == named)
            {
                continue;
            }
            named = length;
            lastWait = null;
            await TakeRundownAsync().ConfigureAwait(false);
            sinceRundown.Restart();
        }
    }

    private async Task TakeRundownAsync()
    {
        var partial = System.IO.Path.ChangeExtension(Path, ".rundown.partial");
        var done = System.IO.Path.ChangeExtension(Path, ".rundown.nettrace");
        try
        {
            using var session = await StacklessSession.Bounded(
                token => _target.Client.StartEventPipeSessionAsync(CensusProviders.Rundown(_legacy), token),
                _target.Describe, ProcessId, _target.AttachTimeout, CancellationToken.None).ConfigureAwait(false);
            await using (var file = new FileStream(partial, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16, useAsync: true))
            {
                var copy = session.EventStream.CopyToAsync(file);
                await SessionStop.RequestAsync(session, StopLimit).ConfigureAwait(false);
                if (await Task.WhenAny(copy, Task.Delay(StopLimit)).ConfigureAwait(false) != copy)
                {
                    return;
                }
                await copy.ConfigureAwait(false);
            }
            // Only a complete rundown replaces the last one: a process that exits mid-rundown leaves a cut file.
            if (EndsComplete(partial))
            {
                File.Move(partial, done, overwrite: true);
                _rundown = done;
            }
        }
        catch (Exception e) when (e is AttachException or ServerNotAvailableException or ServerErrorException or IOException or TimeoutException
            or UnauthorizedAccessException or ObjectDisposedException or UnsupportedCommandException)
        {
            // The process is going away: the last complete rundown is what there is.
        }
        finally
        {
            TryDelete(partial);
        }
    }

    private static bool EndsComplete(string path)
    {
        try
        {
            NettraceFileCheck.EnsureNettrace(path, requireComplete: true);
            return true;
        }
        catch (NettraceFormatException)
        {
            return false;
        }
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
    }

    /// <summary>Stops the session if it still runs (the rundown names the methods), waits for the file and closes everything.</summary>
    public async Task<CensusTrace> StopAsync()
    {
        _stopRundowns.TrySetResult();
        await _rundowns.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
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
        return new CensusTrace(ProcessId, Name, Path, OffsetSeconds, _stoppedByUs, _rundown);
    }
}
