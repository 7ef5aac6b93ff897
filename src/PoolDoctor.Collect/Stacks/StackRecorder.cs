using System.Diagnostics;
using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.SelfTiming;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Records one stacks session of a live target to a nettrace file: start the session, copy its stream to disk, wait
/// the window, stop the session explicitly (also on Ctrl+C and errors) and drain the stream so the rundown that names
/// the methods reaches the file. The target keeps serving: the profiler pauses it for a stack walk each millisecond only.
/// </summary>
public static class StackRecorder
{
    /// <param name="notice">Told, once each, what the target's runtime cannot give (one line meant for the user).</param>
    public static async Task<StackRecording> RecordAsync(
        AttachedTarget target, StackCaptureOptions options, string path, CancellationToken cancellationToken,
        Action<string>? notice = null)
    {
        // The file first: a path that cannot be written must fail before any session exists in the target.
        await using var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16, useAsync: true);
        EventPipeSession session;
        try
        {
            session = await StackSessionStarter.StartAsync(target, notice, cancellationToken);
        }
        catch (Exception e) when (e is not OperationCanceledException and not AttachException)
        {
            throw new AttachException(target.IsAlive
                ? $"cannot start a stacks session in {Describe(target)}: {e.Message}"
                : $"the target exited before the capture started ({Describe(target)})", e);
        }

        ToolTimeline.Mark("record-session");
        // A runtime waiting on a ',listen' port runs only now, so the capture sees its start-up.
        target.ResumeIfSuspended();

        using (session)
        {
            // The copy must outlive Ctrl+C: the rundown after Stop is what makes the file readable.
            var stream = new CountedCopy(session.EventStream, file);
            var copy = stream.RunAsync();
            var clock = Stopwatch.StartNew();
            var bound = FirstEventBound(target.AttachTimeout);
            var interrupted = false;
            try
            {
                var windowEnds = Task.Delay(options.Window, cancellationToken);
                var silence = SilentForAsync(stream, copy, bound, cancellationToken);
                var first = await Task.WhenAny(copy, windowEnds, silence);
                if (first == silence && silence.IsCompletedSuccessfully && !silence.Result)
                {
                    await Task.WhenAny(copy, windowEnds);
                }
                else if (first == windowEnds && windowEnds.IsCompletedSuccessfully)
                {
                    // A window shorter than the bound: a one-second capture of a paused process must not read as an
                    // empty but valid one, so it waits out the bound when nothing came yet.
                    await Task.WhenAny(silence, copy);
                }
                if (silence.IsCompletedSuccessfully && silence.Result)
                {
                    // No stop is asked of a runtime that sent nothing: it would not answer either. Closing the
                    // connection ends the session at the runtime's next write, once the process runs again.
                    session.Dispose();
                    throw new AttachException(
                        $"{Describe(target)} started the stacks session but sent no event in {TargetWait.Seconds(bound)}: {RuntimeHandshake.WhySilent(target.ProcessId)}");
                }
            }
            catch (OperationCanceledException)
            {
                interrupted = true;
            }
            var window = clock.Elapsed;
            interrupted |= cancellationToken.IsCancellationRequested;
            var targetExited = copy.IsCompleted;

            ToolTimeline.Mark("record-window");
            await StopAsync(session, copy, options.StopTimeout);
            ToolTimeline.Mark("record-stopped");
            targetExited |= !target.IsAlive;
            await file.FlushAsync(CancellationToken.None);
            return new StackRecording(path, window, interrupted, targetExited);
        }
    }

    /// <summary>
    /// How long a started session may send nothing but its stream's header: the attach timeout plus a second. The
    /// runtime's own threads sample every thread and flush the stream about ten times a second, starved pool or not,
    /// so only a paused or hung process (SIGSTOP, a debugger, docker pause) stays silent that long.
    /// </summary>
    public static TimeSpan FirstEventBound(TimeSpan attachTimeout) => attachTimeout + TimeSpan.FromSeconds(1);

    /// <summary>True when the bound passed with no event on the stream and the stream still open.</summary>
    private static async Task<bool> SilentForAsync(CountedCopy stream, Task copy, TimeSpan bound, CancellationToken cancellationToken)
    {
        await Task.WhenAny(stream.FirstEvent, copy, Task.Delay(bound, cancellationToken)).ConfigureAwait(false);
        cancellationToken.ThrowIfCancellationRequested();
        return !stream.FirstEvent.IsCompleted && !copy.IsCompleted;
    }

    /// <summary>Stops the session and waits for the stream's end; if the target never answers, closing the socket ends it.</summary>
    private static async Task StopAsync(EventPipeSession session, Task copy, TimeSpan timeout)
    {
        // Always ask, even when the copy already ended: a failed write (disk full) ends the copy with the session still on.
        try
        {
            using var stopLimit = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            await session.StopAsync(stopLimit.Token);
        }
        catch (Exception e) when (e is ServerNotAvailableException or ServerErrorException or OperationCanceledException or IOException or TimeoutException)
        {
            // The target is gone or unresponsive; the stream ends by itself or by the dispose below.
        }
        var finished = await Task.WhenAny(copy, Task.Delay(timeout));
        if (finished != copy)
        {
            session.Dispose();
            throw new TimeoutException($"the target did not finish its rundown within {timeout.TotalSeconds:F0} s; the session was closed");
        }
        try
        {
            await copy;
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // The connection dropped (target exited): what reached the file is what there is.
        }
    }

    private static string Describe(AttachedTarget target) => target.Describe;
}
