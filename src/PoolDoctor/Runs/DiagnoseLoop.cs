using System.Diagnostics;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Collect.SelfTiming;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Runs;

/// <summary>
/// The doctor's loop on one attached target: stream counters (half-second samples) into the detector; the first time
/// the pool looks blocked (Starving or BlockingCompensated) capture stacks and wait events — begun already on the early
/// sign one sample before (<see cref="EarlySigns"/>), so they are in sooner; stop once diagnosed, at the duration, when
/// <c>stopWatching</c> fires (a caller's normal end, e.g. the load finished), on Ctrl+C (<c>interrupt</c>) or when the
/// target exits. The counter session is always stopped before returning.
/// </summary>
internal static class DiagnoseLoop
{
    public static async Task<DiagnoseLoopOutcome> RunAsync(
        AttachedTarget target,
        DiagnoseLoopSettings settings,
        IProgress<LiveStatus>? progress,
        CancellationToken stopWatching,
        CancellationToken interrupt,
        Action? whenWatching = null)
    {
        var clock = Stopwatch.StartNew();
        using var loop = CancellationTokenSource.CreateLinkedTokenSource(stopWatching, interrupt);
        Verdict? finding = null;
        Task<StackFindings>? capture = null;
        // Set once the capture's recording is in: from then on the counters add nothing the report needs once diagnosed.
        var recorded = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var captureStartedAt = double.NegativeInfinity;
        RequestWatch? requests = null;
        var tail = new RecordTail(settings.MinDuration < settings.Duration ? settings.MinDuration : settings.Duration);
        Task<StackFindings> StartCapture(double at)
        {
            captureStartedAt = at;
            ToolTimeline.Mark("capture-start");
            var done = recorded = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            return StackFindings.CaptureAsync(target, at, settings.StackWindow, settings.UserCodePrefixes, requests, settings.Notice, interrupt,
                recorded: () => done.TrySetResult(), keepFiles: settings.KeepEvidence);
        }
        if (settings.CaptureStacks && settings.CaptureAtAttach)
        {
            // Beside the counter session, not after its early sign: the blocked threads of a pool that starves already are
            // there now, and the capture's window runs while the rules wait for their samples.
            capture = StartCapture(0);
        }
        await using var watch = await StartedOrDropped(PoolWatch.StartAsync(target, interrupt, PoolWatch.FastIntervalSeconds), capture);
        ToolTimeline.Mark("watching");
        // Read while the target surely runs: a demo's lab is killed before its report is written.
        var context = TargetContextReader.Read(target.ProcessId, target.Process.CommandLine, target.RuntimeVersion, watch.Cores);
        // What the pool's bounds are now, read from its memory without stopping it: off the loop's path (the tool's
        // work, a fraction of a second), joined when the report needs it. Read at the start, while the target surely runs.
        var limitsRead = Task.Run(() => ReadLimits(target.ProcessId), CancellationToken.None);
        await using var requestWatch = settings.CaptureStacks ? await RequestWatch.StartAsync(target, interrupt) : null;
        requests = requestWatch;
        ToolTimeline.Mark("requests-watching");
        // The sessions are up and the capture records: until the verdict the tool mostly waits, so the report writer warms
        // up now rather than between the analysis and report.json (bench/RESULTS.md, time to culprit). Started at attach,
        // it delayed the recording session by 0.1 s.
        _ = Task.Run(PrepareReportWriter, CancellationToken.None);
        // A load the doctor drives itself starts only now, so its first requests are seen starting.
        whenWatching?.Invoke();
        var detector = watch.Detector;
        loop.CancelAfter(settings.Duration);
        await foreach (var (interval, verdict) in watch.ReadAllAsync(loop.Token))
        {
            var now = clock.Elapsed.TotalSeconds;
            if (finding is null && StarvationDetector.IsFinding(verdict))
            {
                finding = verdict;
                ToolTimeline.Mark("verdict");
                if (settings.CaptureStacks && verdict.Kind is VerdictKind.Starving or VerdictKind.BlockingCompensated)
                {
                    // A capture started on the early sign moments ago holds this episode; an older one (a sign that
                    // came to nothing) or a failed one does not.
                    if (capture is null || now - captureStartedAt > EarlyCaptureHoldsSeconds || capture.IsFaulted)
                    {
                        await DropAsync(capture);
                        capture = StartCapture(now);
                    }
                    // Stopping "once diagnosed" means once the culprit is known too: end the loop when the capture's recording
                    // is in (the counter session then stops while the trace is read) or the capture ends without one; with
                    // a minimum duration, the counters go on for the record's tail while the trace is read.
                    _ = Task.WhenAny(recorded.Task, capture).ContinueWith(_ => { if (settings.StopWhenDiagnosed) { tail.Begin(loop, clock.Elapsed); } }, TaskScheduler.Default);
                }
                else if (settings.StopWhenDiagnosed)
                {
                    tail.Begin(loop, clock.Elapsed);
                }
            }
            else if (finding is null && settings.CaptureStacks && now - captureStartedAt > EarlyCaptureEverySeconds
                && EarlySigns.LookBlocked(interval, watch.Cores))
            {
                // The rules want a second sample before they call it; the blocked threads are there already.
                await DropAsync(capture);
                capture = StartCapture(now);
            }
            progress?.Report(new LiveStatus(now, (finding ?? verdict).Kind, interval.Sample,
                // A capture whose sign came to nothing (or one taken at attach on a healthy pool) is no news.
                tail.Begun ? tail.Activity : capture is null || (finding is null && capture.IsCompleted) ? "watching" : capture.IsCompleted ? "stacks captured" : "capturing stacks"));
        }

        // Nothing more is read from the counters: their session stops while the capture's trace is read.
        var stopping = watch.StopAsync();
        StackFindings? stacks = null;
        var captureFailure = (string?)null;
        if (capture is not null)
        {
            try
            {
                var evidence = await capture;
                ToolTimeline.Mark("captured");
                // A capture whose early sign never became a finding is not evidence of anything.
                stacks = finding is { Kind: VerdictKind.Starving or VerdictKind.BlockingCompensated } ? evidence : null;
                if (stacks is null)
                {
                    evidence.Files?.Discard();
                }
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // A failed capture must not cost the counters already collected; the report says what happened.
                if (finding is { Kind: VerdictKind.Starving or VerdictKind.BlockingCompensated })
                {
                    captureFailure = $"the stack capture failed: {e.Message.ReplaceLineEndings(" ")}";
                }
            }
        }
        var ended = await stopping;
        ToolTimeline.Mark("stopped");
        var (limits, limitsWhy) = await WithinAsync(limitsRead, target.AttachTimeout);
        if (limits is null && target.IsAlive)
        {
            // A launched target attached while its runtime was still starting has no pool (or no loaded library) to read
            // at the start; by now it has. A read that fails for want of access fails again at once.
            (limits, limitsWhy) = await WithinAsync(Task.Run(() => ReadLimits(target.ProcessId), CancellationToken.None), target.AttachTimeout);
        }
        context = context with
        {
            LimitsRead = limits,
            LimitsSet = watch.LimitsSet,
            Unknown = limits is null ? new Dictionary<string, string>(context.Unknown) { [LiveLimitsKey] = limitsWhy } : context.Unknown,
        };
        var (end, message) = Classify(ended, interrupt.IsCancellationRequested, finding, settings, stacks, captureFailure, tail.Begun);
        return new DiagnoseLoopOutcome(
            watch.Cores,
            clock.Elapsed.TotalSeconds,
            [.. detector.Samples],
            [.. detector.Injections],
            finding ?? detector.Current,
            stacks,
            end,
            message)
        {
            Context = context,
        };
    }

    private static (DiagnoseLoopEnd, string) Classify(
        WatchEnd ended, bool interrupted, Verdict? finding, DiagnoseLoopSettings settings, StackFindings? stacks, string? captureFailure, bool inTail)
    {
        // Diagnosed with the stacks in, the watch only went on for the record: the target's exit or Ctrl+C ends that
        // tail sooner and the report is whole, not partial.
        if (inTail && finding is not null && captureFailure is null && stacks?.TargetExited != true && ended.Kind != WatchEndKind.Failed)
        {
            return (DiagnoseLoopEnd.Diagnosed, "diagnosed");
        }
        if (ended.Kind == WatchEndKind.TargetExited || stacks?.TargetExited == true)
        {
            return (DiagnoseLoopEnd.TargetExited, ended.Kind == WatchEndKind.TargetExited ? ended.Message : "the target exited during the stack capture");
        }
        if (interrupted)
        {
            return (DiagnoseLoopEnd.Interrupted, "interrupted (Ctrl+C) before the diagnosis finished");
        }
        if (ended.Kind == WatchEndKind.Failed)
        {
            return (DiagnoseLoopEnd.Failed, ended.Message);
        }
        if (captureFailure is not null)
        {
            return (DiagnoseLoopEnd.Failed, captureFailure);
        }
        return finding is not null && settings.StopWhenDiagnosed
            ? (DiagnoseLoopEnd.Diagnosed, "diagnosed")
            : (DiagnoseLoopEnd.WatchedToTheEnd, "watched to the end");
    }

    /// <summary>The reason key of a live read of the pool's bounds that failed (report.json target.unknown).</summary>
    public const string LiveLimitsKey = "liveLimits";

    // A capture begun on an early sign stands for a finding that follows within this long (the rules need one or two
    // more samples); after it, the sign came to nothing and the finding gets a capture of its own.
    private const double EarlyCaptureHoldsSeconds = 5;

    // At most one capture on an early sign this often: a service that keeps showing signs that come to nothing must
    // not be sampled all the time.
    private const double EarlyCaptureEverySeconds = 15;

    // The watch once started; if it cannot start, a capture already running is waited for (its session stopped) first.
    private static async Task<PoolWatch> StartedOrDropped(Task<PoolWatch> starting, Task<StackFindings>? capture)
    {
        try
        {
            return await starting;
        }
        catch
        {
            await DropAsync(capture);
            throw;
        }
    }

    // Waits for an earlier capture to end (its session closed) and forgets it, with any files it kept.
    private static async Task DropAsync(Task<StackFindings>? capture)
    {
        if (capture is not null)
        {
            await ((Task)capture).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            if (capture.IsCompletedSuccessfully)
            {
                capture.Result.Files?.Discard();
            }
        }
    }

    private static (Model.Targets.PoolLimits?, string) ReadLimits(int pid) => (LivePoolLimits.Read(pid, out var why), why);

    /// <summary>
    /// The read's result, or none when it takes longer than <paramref name="bound"/>: a report is never held back by a
    /// memory read that stalls (a target whose pages are swapped out or frozen by a cgroup); the abandoned read ends by
    /// itself and touches nothing in the target.
    /// </summary>
    private static async Task<(Model.Targets.PoolLimits?, string)> WithinAsync(Task<(Model.Targets.PoolLimits?, string)> read, TimeSpan bound) =>
        await Task.WhenAny(read, Task.Delay(bound)).ConfigureAwait(false) == read
            ? await read.ConfigureAwait(false)
            : (null, $"reading the pool's bounds from the target's memory did not finish in {TargetWait.Seconds(bound)}");

    private static void PrepareReportWriter()
    {
        try
        {
            Report.Diagnosis.ReportJsonWriter.Prepare();
        }
        catch (Exception)
        {
            // Only a head start: the real write meets the same code and says what is wrong.
        }
    }
}
