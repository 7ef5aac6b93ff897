using System.Diagnostics;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Runs;

/// <summary>
/// The doctor's loop on one attached target: stream counters into the detector; the first time the pool looks blocked
/// (Starving or BlockingCompensated) capture stacks and wait events; stop once diagnosed, at the duration, when
/// <c>stopWatching</c> fires (a caller's normal end, e.g. the load finished), on Ctrl+C (<c>interrupt</c>) or when the
/// target exits. The counter session is always stopped before returning.
/// </summary>
internal static class DiagnosisRun
{
    public static async Task<DiagnosisOutcome> RunAsync(
        AttachedTarget target,
        DiagnosisSettings settings,
        IProgress<LiveStatus>? progress,
        CancellationToken stopWatching,
        CancellationToken interrupt,
        Action? whenWatching = null)
    {
        var clock = Stopwatch.StartNew();
        await using var watch = await PoolWatch.StartAsync(target, interrupt);
        await using var requests = settings.CaptureStacks ? await RequestWatch.StartAsync(target, interrupt) : null;
        // A load the doctor drives itself starts only now, so its first requests are seen starting.
        whenWatching?.Invoke();
        var detector = watch.Detector;
        using var loop = CancellationTokenSource.CreateLinkedTokenSource(stopWatching, interrupt);
        loop.CancelAfter(settings.Duration);
        Verdict? finding = null;
        Task<StackEvidence>? capture = null;
        var captureFailure = (string?)null;
        await foreach (var (interval, verdict) in watch.ReadAllAsync(loop.Token))
        {
            if (finding is null && StarvationDetector.IsFinding(verdict))
            {
                finding = verdict;
                if (settings.CaptureStacks && verdict.Kind is VerdictKind.Starving or VerdictKind.BlockingCompensated)
                {
                    capture = StackEvidence.CaptureAsync(target, clock.Elapsed.TotalSeconds, settings.StackWindow, settings.UserCodePrefixes, requests, settings.Notice, interrupt);
                    // Stopping "once diagnosed" means once the culprit is known too: end the loop when the capture is in.
                    _ = capture.ContinueWith(_ => { if (settings.StopWhenDiagnosed) { TryCancel(loop); } }, TaskScheduler.Default);
                }
                else if (settings.StopWhenDiagnosed)
                {
                    TryCancel(loop);
                }
            }
            progress?.Report(new LiveStatus(clock.Elapsed.TotalSeconds, (finding ?? verdict).Kind, interval.Sample,
                capture is null ? "watching" : capture.IsCompleted ? "stacks captured" : "capturing stacks"));
        }

        StackEvidence? stacks = null;
        if (capture is not null)
        {
            try
            {
                stacks = await capture;
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // A failed capture must not cost the counters already collected; the report says what happened.
                captureFailure = $"the stack capture failed: {e.Message.ReplaceLineEndings(" ")}";
            }
        }
        var ended = await watch.StopAsync();
        var (end, message) = Classify(ended, interrupt.IsCancellationRequested, finding, settings, stacks, captureFailure);
        return new DiagnosisOutcome(
            watch.Cores,
            clock.Elapsed.TotalSeconds,
            [.. detector.Samples],
            [.. detector.Injections],
            finding ?? detector.Current,
            stacks,
            end,
            message);
    }

    private static (DiagnosisEnd, string) Classify(WatchEnd ended, bool interrupted, Verdict? finding, DiagnosisSettings settings, StackEvidence? stacks, string? captureFailure)
    {
        if (ended.Kind == WatchEndKind.TargetExited || stacks?.TargetExited == true)
        {
            return (DiagnosisEnd.TargetExited, ended.Kind == WatchEndKind.TargetExited ? ended.Message : "the target exited during the stack capture");
        }
        if (interrupted)
        {
            return (DiagnosisEnd.Interrupted, "interrupted (Ctrl+C) before the diagnosis finished");
        }
        if (ended.Kind == WatchEndKind.Failed)
        {
            return (DiagnosisEnd.Failed, ended.Message);
        }
        if (captureFailure is not null)
        {
            return (DiagnosisEnd.Failed, captureFailure);
        }
        return finding is not null && settings.StopWhenDiagnosed
            ? (DiagnosisEnd.Diagnosed, "diagnosed")
            : (DiagnosisEnd.WatchedToTheEnd, "watched to the end");
    }

    private static void TryCancel(CancellationTokenSource source)
    {
        try
        {
            source.Cancel();
        }
        catch (ObjectDisposedException)
        {
        }
    }
}
