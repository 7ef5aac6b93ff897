using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Collect.SelfTiming;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Verbs.Detect;

/// <summary>
/// `detect`: watch until the detector names a problem (Starving, BlockingCompensated, CpuSaturated) or the
/// timeout passes, then print the verdict and how long it took. Exit 0 whatever the verdict.
/// </summary>
internal static class DetectCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var timeout = DurationOption.Create("--timeout", [], "Give up after this long (e.g. 30s, 2m).", defaultText: "30s");
        var format = FormatOption.Create("text (default) or json.");
        var command = new Command("detect", "Watch a .NET process until its thread pool is found starving, compensating for blocking or CPU bound, or the timeout passes; print the verdict, its evidence and the seconds it took.");
        target.AddTo(command);
        command.Options.Add(timeout.Option);
        command.Options.Add(format);
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var json = parse.GetValue(format) == OutputFormat.Json;
            var limit = timeout.ReadOrDefault(parse);
            return await RunAsync(console, spec, json, limit, cancellation);
        });
        return command;
    }

    private static async Task<RunEnd> RunAsync(IToolConsole console, TargetSpec spec, bool json, TimeSpan limit, CancellationToken cancellation)
    {
        var clock = Stopwatch.StartNew();
        await using var attached = await AttachedTarget.AttachAsync(spec, cancellation);
        ToolTimeline.Mark("attached");
        await using var watch = await PoolWatch.StartAsync(attached, cancellation, PoolWatch.FastIntervalSeconds);
        var watchStarted = clock.Elapsed.TotalSeconds;
        ToolTimeline.Mark("watching");
        var detector = watch.Detector;
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        stop.CancelAfter(limit);
        Verdict? finding = null;
        double? secondsToVerdict = null;
        await foreach (var (_, verdict) in watch.ReadAllAsync(stop.Token))
        {
            if (StarvationDetector.IsFinding(verdict))
            {
                finding = verdict;
                secondsToVerdict = clock.Elapsed.TotalSeconds;
                ToolTimeline.Mark("verdict");
                break;
            }
        }
        DetectOutcome Outcome(bool timedOut) => new(
            finding ?? detector.Current, secondsToVerdict, timedOut, attached.ProcessId, watch.Cores, watchStarted,
            detector.Samples.ToList(), detector.Injections.ToList());
        // A finding is printed before the sessions stop (their stop waits for the runtime's flush, ~0.1-0.2 s), so it is
        // read that much sooner; nothing in it depends on how the watch ends. Without one, the end decides the message.
        if (finding is not null)
        {
            Print(console, Outcome(timedOut: false), json, limit, interrupted: false);
        }
        var end = await watch.StopAsync();
        ToolTimeline.Mark("stopped");
        var interrupted = cancellation.IsCancellationRequested;
        if (finding is null)
        {
            Print(console, Outcome(timedOut: !interrupted && end.Kind == WatchEndKind.Stopped), json, limit, interrupted);
        }
        if (finding is null && end.Kind != WatchEndKind.Stopped)
        {
            throw WatchFailures.From(end, detector.Samples.Count);
        }
        return interrupted && finding is null ? RunEnd.Interrupted() : RunEnd.Ok;
    }

    private static void Print(IToolConsole console, DetectOutcome outcome, bool json, TimeSpan limit, bool interrupted)
    {
        console.Out.WriteLine(json ? CounterJson.DetectResult(outcome) : Text(outcome, limit, interrupted));
        console.Out.Flush();
        ToolTimeline.Mark("printed");
    }

    private static string Text(DetectOutcome outcome, TimeSpan limit, bool interrupted)
    {
        var v = outcome.Verdict;
        var head = outcome.SecondsToVerdict is { } s
            ? string.Create(CultureInfo.InvariantCulture, $"{v.Kind} after {s:0.0} s (confidence {v.Confidence:0.00}, rule {v.Rule.Name()})")
            : string.Create(CultureInfo.InvariantCulture,
                $"No problem found {(outcome.TimedOut ? $"in {limit.TotalSeconds:0} s" : interrupted ? "before the interruption" : "before the watch ended")}: {v.Kind} (confidence {v.Confidence:0.00}, rule {v.Rule.Name()}), {outcome.Samples.Count} interval(s) watched");
        return head + Environment.NewLine + string.Join(Environment.NewLine, EvidenceText.Lines(v).Select(e => "  - " + e));
    }
}
