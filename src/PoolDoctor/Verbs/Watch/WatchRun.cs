using System.Globalization;
using PoolDoctor.Analysis.Flight;
using PoolDoctor.Analysis.Triggers;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Collect.Flight;
using PoolDoctor.Metrics;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Flight;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// `watch`: attach, follow the pool with the shared <see cref="PoolWatch"/> loop, and for each starvation episode (a
/// Starving verdict or a --trigger) capture stacks and write one report, rate-limited by <see cref="EpisodeGate"/>.
/// With <see cref="WatchSettings.Reattach"/> it waits for the target to come back after it exits. Ends when
/// <c>stop</c> fires (SIGTERM, Ctrl+C, --duration); every session it opened is stopped before it returns.
/// </summary>
internal sealed class WatchRun(WatchSettings settings, WatchState state, WatchLog log)
{
    private readonly EpisodeGate _gate = new(settings.Cooldown, settings.Calm);
    private readonly TrimSchedule _trim = new(TrimSchedule.Default);

    public async Task RunAsync(CancellationToken stop)
    {
        var waiting = false;
        while (!stop.IsCancellationRequested)
        {
            AttachedTarget target;
            try
            {
                target = await AttachedTarget.AttachAsync(settings.Target, stop);
            }
            catch (AttachException e) when (settings.Reattach || e.TargetSilent)
            {
                // A target that is there but silent (paused by SIGSTOP, a debugger or `docker pause`) is waited for
                // even with -p: it answers again once resumed.
                if (!waiting)
                {
                    log.Line($"waiting for {settings.Target}: {e.Message}; retrying every {settings.RetryEvery.TotalSeconds.ToString("0.#", CultureInfo.InvariantCulture)} s");
                    waiting = true;
                }
                await Pause(stop);
                continue;
            }
            catch (AttachException e)
            {
                throw new RunFailedException(e.Message, e);
            }
            catch (OperationCanceledException) when (stop.IsCancellationRequested)
            {
                return;
            }
            waiting = false;
            WatchEnd end;
            await using (target)
            {
                try
                {
                    end = await WatchOneAsync(target, stop);
                }
                catch (AttachException e) when (settings.Reattach)
                {
                    end = new WatchEnd(WatchEndKind.Failed, e.Message);
                }
                catch (AttachException e)
                {
                    throw new RunFailedException(e.Message, e);
                }
                finally
                {
                    state.SetAttached(false);
                }
            }
            if (end.Kind == WatchEndKind.Stopped || stop.IsCancellationRequested)
            {
                return;
            }
            if (!settings.Reattach)
            {
                throw new RunFailedException($"{end.Message}; the watch ends (with -n NAME it waits for the service to come back)");
            }
            log.Line($"{end.Message}; waiting for {settings.Target} to come back");
            waiting = true;
            await Pause(stop);
        }
    }

    private async Task<WatchEnd> WatchOneAsync(AttachedTarget target, CancellationToken stop)
    {
        var attachedUtc = DateTimeOffset.UtcNow;
        await using var watch = await PoolWatch.StartAsync(target, stop, queueDelay: QueueDelayMode.WhileQueued);
        state.SetAttached(true);
        _gate.Reset();
        log.Line($"attached to {target.Process.Name} (pid {target.ProcessId}), {watch.Cores} core(s)");
        var triggers = settings.Triggers.Select(t => new TriggerWatch(t)).ToList();
        var report = new EpisodeReport(target, watch, settings, attachedUtc);
        // The flight recorder's wait session closes with this method, whichever way it ends (signal, target exit, error).
        var recorder = settings.FlightRecorder is { } window ? new FlightRecorder(new Model.Flight.FlightLimits(window.TotalSeconds), watch.Cores) : null;
        await using var waits = recorder is null ? null : new WaitEventSession(target, watch.StartUtc);
        VerdictKind? shown = null;
        await foreach (var (interval, verdict) in watch.ReadAllAsync(stop))
        {
            state.Observe(interval, verdict);
            if (recorder is not null && waits is not null)
            {
                await RecordAsync(recorder, waits, interval, target.ProcessId);
            }
            if (verdict.Kind != shown)
            {
                log.Line(VerdictLine(target.ProcessId, shown, verdict, interval.Sample));
                shown = verdict.Kind;
            }
            // Every trigger sees every sample (no short-circuit): a hold time counts consecutive samples.
            var fired = triggers.Where(t => t.Add(interval.Sample)).Select(t => t.Trigger.Text).ToList();
            var why = verdict.Kind == VerdictKind.Starving ? ["verdict Starving", .. fired] : fired;
            switch (_gate.Add(why.Count > 0, DateTimeOffset.UtcNow))
            {
                case EpisodeStep.BeganReport:
                    log.Line($"pid {target.ProcessId}: episode began ({string.Join(", ", why)}); capturing stacks");
                    var flight = recorder?.Snapshot(interval.Sample.Seconds);
                    if (flight is not null)
                    {
                        log.Line($"pid {target.ProcessId}: {FlightText.Describe(flight)}");
                    }
                    report.Capture(verdict, interval.Sample.Seconds, flight, log, stop);
                    break;
                case EpisodeStep.BeganInCooldown:
                    log.Line($"pid {target.ProcessId}: episode began ({string.Join(", ", why)}); no report: the last one is less than {settings.Cooldown.TotalSeconds.ToString("0", CultureInfo.InvariantCulture)} s old (--cooldown)");
                    break;
                case EpisodeStep.Ended:
                    log.Line($"pid {target.ProcessId}: episode ended (quiet for {settings.Calm.TotalSeconds.ToString("0", CultureInfo.InvariantCulture)} s)");
                    break;
            }
            watch.Detector.Forget(interval.Sample.Seconds - settings.History.TotalSeconds);
            await report.WriteIfCapturedAsync(state, log);
            if (_trim.Due(DateTimeOffset.UtcNow))
            {
                OwnMemory.TrimNativeHeap();
            }
        }
        await report.FinishAsync(state, log);
        return await watch.StopAsync();
    }

    // Waits first: the interval's sample moves the ring's clock, and the waits it covers belong before it.
    private async Task RecordAsync(FlightRecorder recorder, WaitEventSession waits, Model.Counters.CounterInterval interval, int pid)
    {
        foreach (var wait in waits.Take())
        {
            recorder.Add(wait);
        }
        recorder.Add(interval);
        foreach (var note in waits.TakeNotes())
        {
            recorder.WaitsOff(note);
            log.Line($"pid {pid}: flight recorder: {note}");
        }
        await waits.EnsureRunningAsync();
    }

    private static string VerdictLine(int pid, VerdictKind? before, Verdict verdict, Model.Counters.CounterSample s) =>
        string.Create(CultureInfo.InvariantCulture,
            $"pid {pid}: verdict {(before is { } b ? $"{b} -> " : "")}{verdict.Kind} (rule {verdict.Rule.Name()}, confidence {verdict.Confidence:0.00}; threads {s.ThreadCount:0}, queue {s.QueueLength:0}, completed/s {s.CompletedPerSecond:0})");

    private async Task Pause(CancellationToken stop)
    {
        try
        {
            await Task.Delay(settings.RetryEvery, stop);
        }
        catch (OperationCanceledException)
        {
        }
    }
}
