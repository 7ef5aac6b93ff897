namespace PoolDoctor.Collect.Attach;

/// <summary>
/// One wait on a target (a connection, a reply, a session start), bounded in time and ended at once by Ctrl+C or
/// SIGTERM. NETCore.Client takes a token but some of its reads do not watch it, so the wait is raced against the bound
/// rather than trusted to end: when the bound or the user wins, the token is cancelled, the caller gets its line at once,
/// and whatever the wait later yields (a session that started after all, a connection) is handed to
/// <c>abandon</c> to be closed, so no session is left behind.
/// </summary>
public static class TargetWait
{
    /// <param name="wait">The wait; it gets a token cancelled at the bound or on the user's cancellation.</param>
    /// <param name="bound">How long the target has to answer.</param>
    /// <param name="timedOut">The one line that says what did not answer, given the bound.</param>
    /// <param name="abandon">Releases what a wait that lost the race yields later.</param>
    /// <param name="targetThere">Whether a target is known to be there when the bound runs out (a paused or hung process,
    /// which `watch` waits for); false for a listen port nobody connected to, a typo more often than a sick target.</param>
    public static async Task<T> RunAsync<T>(
        Func<CancellationToken, Task<T>> wait, TimeSpan bound, Func<TimeSpan, string> timedOut, CancellationToken cancellation,
        Action<T>? abandon = null, bool targetThere = true)
    {
        // The first bounded wait of the run: what --attach-timeout counts from (POOLDOCTOR_TIMING=1 shows it).
        SelfTiming.ToolTimeline.Mark("wait");
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var work = wait(limit.Token);
        var finished = await Task.WhenAny(work, Task.Delay(bound, cancellation)).ConfigureAwait(false);
        if (finished == work)
        {
            return await work.ConfigureAwait(false);
        }
        await limit.CancelAsync().ConfigureAwait(false);
        _ = work.ContinueWith(
            late =>
            {
                if (late.IsCompletedSuccessfully)
                {
                    abandon?.Invoke(late.Result);
                }
                _ = late.Exception;
            },
            CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        cancellation.ThrowIfCancellationRequested();
        throw new AttachException(timedOut(bound), targetSilent: targetThere);
    }

    /// <summary>A duration as the one-liners say it: "5 s", "0.5 s".</summary>
    public static string Seconds(TimeSpan span) =>
        span.TotalSeconds.ToString(span.TotalSeconds >= 10 || span.TotalSeconds % 1 == 0 ? "0" : "0.#", System.Globalization.CultureInfo.InvariantCulture) + " s";
}
