using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Metrics;
using PoolDoctor.Model.Flight;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// The report of one `watch` episode: the stack capture runs beside the counter loop, and the loop writes the report
/// once the capture is in (so the series it takes from the detector is read on the loop's own thread). The report's
/// timeline is the kept history, counted from its first sample. With the flight recorder, the window it held when the
/// trigger fired goes into the report too, and a capture cut short (Ctrl+C, SIGTERM, --duration) still leaves a partial
/// report with that window: the onset was recorded before the capture began.
/// </summary>
internal sealed class EpisodeReport(AttachedTarget target, PoolWatch watch, WatchSettings settings, DateTimeOffset attachedUtc)
{
    private Task<StackFindings>? _capture;
    private Verdict? _verdict;
    private FlightRecording? _flight;

    public void Capture(Verdict verdict, double atSeconds, FlightRecording? flight, WatchLog log, CancellationToken stop)
    {
        if (_capture is not null)
        {
            return;
        }
        _verdict = verdict;
        _flight = flight;
        _capture = StackFindings.CaptureAsync(target, atSeconds, settings.StackWindow, settings.UserCodePrefixes, requests: null, log.Notice, stop, keepFiles: settings.KeepEvidence);
    }

    public async Task WriteIfCapturedAsync(WatchState state, WatchLog log)
    {
        if (_capture is { IsCompleted: true })
        {
            await WriteAsync(state, log);
        }
    }

    /// <summary>At the end of the watch of this target: a capture still running is awaited (it stops on the same token).</summary>
    public async Task FinishAsync(WatchState state, WatchLog log)
    {
        if (_capture is not null)
        {
            await WriteAsync(state, log);
        }
    }

    // The runtime writes the dump itself, with the target's permissions and file-system view: a folder the watch can
    // write may not exist for a target in another container, and that is said in one line, not fatal.
    private async Task WriteDumpAsync(string folder, DumpKind kind, WatchLog log)
    {
        var path = Path.Combine(folder, $"core.{target.ProcessId}.dmp");
        try
        {
            var bytes = await DumpWriter.WriteAsync(target, path, kind, CancellationToken.None);
            log.Line($"pid {target.ProcessId}: dump written: {path} ({bytes / (1024.0 * 1024.0):0.0} MB, {kind.ToString().ToLowerInvariant()}); read it with: analyze {path}");
        }
        catch (AttachException e)
        {
            log.Line($"pid {target.ProcessId}: dump not written: {e.Message}");
        }
    }

    private async Task WriteAsync(WatchState state, WatchLog log)
    {
        var capture = _capture!;
        _capture = null;
        StackFindings stacks;
        try
        {
            stacks = await capture;
        }
        catch (OperationCanceledException) when (_flight is not null)
        {
            log.Line($"pid {target.ProcessId}: stack capture stopped before it finished; a partial report with the flight recorder's window");
            await WriteAsync(null, state, log);
            return;
        }
        catch (OperationCanceledException)
        {
            log.Line($"pid {target.ProcessId}: stack capture stopped before it finished; no report");
            return;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            log.Line($"pid {target.ProcessId}: stack capture failed: {e.Message.ReplaceLineEndings(" ")}; no report");
            return;
        }
        try
        {
            await WriteAsync(stacks, state, log);
        }
        finally
        {
            // Moved into the report's folder by now, or not wanted: nothing of a capture stays in the temp directory.
            stacks.Files?.Discard();
        }
    }

    /// <param name="stacks">Null when the capture was cut short: the report is then partial.</param>
    private async Task WriteAsync(StackFindings? stacks, WatchState state, WatchLog log)
    {
        var samples = watch.Detector.Samples;
        if (samples.Count == 0)
        {
            return;
        }
        var origin = samples[0].Seconds;
        var verdict = _verdict!;
        var outcome = new DiagnoseLoopOutcome(
            watch.Cores,
            samples[^1].Seconds - origin,
            [.. samples.Select(s => s with { Seconds = s.Seconds - origin })],
            [.. watch.Detector.Injections.Select(i => i with { Seconds = i.Seconds - origin })],
            verdict with { AtSeconds = verdict.AtSeconds - origin },
            stacks is null ? null : stacks with { Capture = stacks.Capture with { AtSeconds = stacks.Capture.AtSeconds - origin } },
            stacks is null ? DiagnoseLoopEnd.Interrupted : DiagnoseLoopEnd.Diagnosed,
            stacks is null ? "the watch stopped during the stack capture: no stacks, the flight recorder's window only" : "diagnosed");
        var report = DiagnoseReportBuilder.Build(target.Process, attachedUtc.AddSeconds(origin), outcome,
            minThreads: TargetMinThreads.Of(target.ProcessId), runtimeVersion: target.RuntimeVersion) with { Flight = _flight?.Shifted(-origin) };
        var folder = ReportRetention.FolderFor(settings.Reports, DateTimeOffset.UtcNow, target.ProcessId);
        try
        {
            report = report with { Evidence = stacks?.Files?.MoveInto(folder, log.Notice) };
            var (_, html) = await ReportFileWriter.WriteAsync(report, folder);
            var pruned = ReportRetention.Prune(settings.Reports, settings.Keep);
            var top = stacks is { Culprits.Count: > 0 } ? stacks.Culprits[0] : null;
            state.ReportWritten(top);
            log.Line($"pid {target.ProcessId}: report written: {html} (culprit: {(top is null ? "none found" : $"{top.DisplayName}, {top.Kind}, {top.Threads} pool thread(s)")})"
                + (pruned.Count > 0 ? $"; {pruned.Count} older report(s) deleted (--keep {settings.Keep})" : ""));
            if (settings.Dump is { } kind && stacks is not null)
            {
                await WriteDumpAsync(folder, kind, log);
            }
        }
        catch (Exception e) when (e is RunFailedException or IOException or UnauthorizedAccessException)
        {
            // A full disk at 3 a.m. must not end the watch: the metrics still tell the story.
            log.Line($"pid {target.ProcessId}: report not written: {e.Message.ReplaceLineEndings(" ")}");
        }
        finally
        {
            // A capture allocates in a burst (trace reading, IL) and then the watch idles for hours: give that memory
            // back to the OS now instead of keeping it (once per report, so the pause costs nothing).
            OwnMemory.Release();
        }
    }
}
