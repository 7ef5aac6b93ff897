using PoolDoctor.Analysis.Gate;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// `diagnose` once the command line is read: attach, wait for the --load URLs, watch until diagnosed (loading them
/// meanwhile), write report.json + report.html and the --junit file, wait for a launched command that runs the target
/// below it, and say how the run ended.
/// </summary>
internal static class DiagnoseRun
{
    /// <param name="launched">The launched app when it is the target itself (its output explains a URL that never answers).</param>
    /// <param name="parent">The launched command when the target is a process below it (a test run): it runs to its own end.</param>
    public static async Task<RunEnd> RunAsync(
        TargetSpec spec,
        DiagnoseLoopSettings settings,
        DiagnoseOptions run,
        LaunchedTarget? launched,
        LaunchedTarget? parent,
        IProgress<LiveStatus>? status,
        IDiagnoseOutput output,
        CancellationToken cancellation)
    {
        try
        {
            return await WatchAndReportAsync(spec, settings, run, launched, parent, status, output, cancellation);
        }
        catch (AttachException e) when (launched is not null)
        {
            // A command that exits while it is being attached to (the SDK's host printing "Could not execute…") fails
            // the handshake or the session's start first: it is the command's exit that explains the run, not the socket.
            if (!await launched.EndsWithinAsync(TimeSpan.FromSeconds(1)))
            {
                throw;
            }
            await launched.DrainAsync();
            throw new RunFailedException(launched.EndedBeforeWatched(), e);
        }
    }

    private static async Task<RunEnd> WatchAndReportAsync(
        TargetSpec spec,
        DiagnoseLoopSettings settings,
        DiagnoseOptions run,
        LaunchedTarget? launched,
        LaunchedTarget? parent,
        IProgress<LiveStatus>? status,
        IDiagnoseOutput output,
        CancellationToken cancellation)
    {
        await using var attached = await AttachedTarget.AttachAsync(spec, cancellation);
        Collect.SelfTiming.ToolTimeline.Mark("attached");
        foreach (var url in run.LoadUrls)
        {
            if (await UrlReadiness.WaitAsync(url, TimeSpan.FromSeconds(30), launched, cancellation, http2: run.LoadProtocol != PoolDoctor.Load.LoadProtocol.Http1) is { } note)
            {
                output.Note(note);
            }
        }
        var started = DateTimeOffset.UtcNow;
        output.Started(attached, settings.Duration);
        var (outcome, loadLines, driven) = await WatchAsync(attached, settings, run, status, output, cancellation);
        if (launched is not null && outcome.End == DiagnoseLoopEnd.TargetExited)
        {
            await launched.DrainAsync();
            if (EarlyExit.IsEarly(outcome, launched.Age, launched.ExitCode))
            {
                throw new RunFailedException(FormattableString.Invariant(
                    $"'{launched.Name}' exited with code {launched.ExitCode} {launched.Age.TotalSeconds:0.0} s after it started, before it could be watched; no report written{launched.OutputNote}"));
            }
        }
        DiagnosisReport report;
        string json, html;
        try
        {
            report = DiagnoseReportBuilder.Build(attached.Process, started, outcome,
                loadConcurrency: run.LoadUrls.Count > 0 ? run.Connections * run.LoadUrls.Count : null,
                minThreads: TargetMinThreads.Of(attached.ProcessId), runtimeVersion: attached.RuntimeVersion)
                with { Load = driven, Evidence = outcome.Stacks?.Files?.MoveInto(run.Directory, output.Note) };
            report = report with { FixCommand = FixCommandLine.For(report, run.Report.Json, run) };
            (json, html) = await ReportFileWriter.WriteAsync(report, run.Report);
            Collect.SelfTiming.ToolTimeline.Mark("report-written");
        }
        finally
        {
            outcome.Stacks?.Files?.Discard();
        }
        // --junit without --fail-on records the starving check, which never fails the exit.
        var policy = run.FailOn ?? FailOn.Starving;
        var gateMessage = FailGate.Explain(policy, report.Verdict.Kind, report.Culprits);
        var gateFails = FailGate.Fails(policy, report.Verdict.Kind, report.Culprits);
        output.Written(new DiagnoseWritten(report, json, html, loadLines, run.FailOn is null ? null : gateMessage));
        if (run.JUnit is { } junitPath)
        {
            await JUnitWriter.WriteFileAsync(report, gateFails, gateMessage, junitPath, CancellationToken.None);
        }
        var gateFailed = run.FailOn is not null && gateFails;

        int? commandExit = null;
        if (parent is not null && outcome.End is not (DiagnoseLoopEnd.Interrupted or DiagnoseLoopEnd.Failed))
        {
            output.Waiting(outcome.End == DiagnoseLoopEnd.TargetExited
                ? $"{attached.Process.Name} (pid {attached.ProcessId}) ended after {outcome.Seconds:0} s; the report holds what was seen until then"
                : "waiting for the command to finish");
            commandExit = await parent.WaitForExitAsync(cancellation);
        }
        return outcome.End switch
        {
            DiagnoseLoopEnd.Interrupted => RunEnd.Interrupted("interrupted; partial report written"),
            DiagnoseLoopEnd.TargetExited or DiagnoseLoopEnd.Failed when commandExit is null =>
                RunEnd.Failed($"{outcome.EndMessage}; partial report written ({outcome.Samples.Count} interval(s) seen)"),
            _ when gateFailed => RunEnd.GateFailed(),
            _ when commandExit is { } code and not 0 => RunEnd.Failed($"the command exited with code {code}"),
            _ => RunEnd.Ok,
        };
    }

    private static async Task<(DiagnoseLoopOutcome Outcome, IReadOnlyList<string> LoadLines, Model.Load.DrivenLoad? Driven)> WatchAsync(
        AttachedTarget attached, DiagnoseLoopSettings settings, DiagnoseOptions run, IProgress<LiveStatus>? status, IDiagnoseOutput output, CancellationToken cancellation)
    {
        BackgroundLoads? loads = null;
        try
        {
            var outcome = await DiagnoseLoop.RunAsync(attached, settings, status, CancellationToken.None, cancellation, whenWatching: () =>
            {
                if (run.LoadUrls.Count > 0)
                {
                    loads = BackgroundLoads.Start(run.LoadUrls, run.Connections, settings.Duration, run.Baseline, cancellation, run.LoadProtocol, run.GrpcMessage, run.ThinkTime, run.LoadRequest);
                }
            });
            output.WatchEnded();
            var lines = loads is null ? [] : await loads.StopAsync();
            return (outcome, lines, loads?.Driven);
        }
        finally
        {
            if (loads is not null)
            {
                await loads.DisposeAsync();
            }
        }
    }
}
