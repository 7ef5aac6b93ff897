using System.CommandLine;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Cli.Commands;

/// <summary>
/// `counters`: the live thread-pool view with the runtime's injections and a verdict line. A terminal gets a
/// block redrawn each second; a pipe gets one line (text) or one JSON object (json) per interval.
/// </summary>
internal static class CountersCommand
{
    public static Command Create()
    {
        var target = new TargetOptions();
        var format = FormatOption.Create("text (default) or json (one object per interval, one per line).");
        var duration = new Option<string?>("--duration") { HelpName = "DURATION", Description = "Stop after this long (e.g. 30s, 2m); default: until Ctrl+C." };
        var command = new Command("counters", "Watch a .NET process's thread pool live: threads, queue, completions, CPU, lock contention, GC heap, injections by reason, and a starvation verdict.");
        target.AddTo(command);
        command.Options.Add(format);
        command.Options.Add(duration);
        command.SetAction(async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var json = parse.GetValue(format) == OutputFormat.Json;
            var limit = parse.GetValue(duration) is { } d ? DurationOption.Parse(d, "--duration") : (TimeSpan?)null;
            return await RunAsync(spec, json, limit, cancellation);
        });
        return command;
    }

    private static async Task<int> RunAsync(TargetSpec spec, bool json, TimeSpan? limit, CancellationToken cancellation)
    {
        await using var attached = await AttachedTarget.AttachAsync(spec, cancellation);
        await using var watch = await PoolWatch.StartAsync(attached, cancellation);
        var detector = watch.Detector;
        var redraw = !json && !Console.IsOutputRedirected;
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        if (limit is { } l)
        {
            stop.CancelAfter(l);
        }
        Verdict verdict = detector.Current;
        // Ctrl+C or --duration end the readings quietly: the normal way to end a live view.
        await foreach (var reading in watch.ReadAllAsync(stop.Token))
        {
            verdict = reading.Verdict;
            Render(attached, reading.Interval, verdict, json, redraw);
        }
        var end = await watch.StopAsync();
        if (end.Kind != WatchEndKind.Stopped)
        {
            if (!json)
            {
                Console.WriteLine($"Last verdict after {detector.Samples.Count} interval(s): {CounterText.VerdictLine(verdict)}");
            }
            throw WatchFailures.From(end, detector.Samples.Count);
        }
        return ExitCodes.Ok;
    }

    private static void Render(AttachedTarget attached, CounterInterval interval, Verdict verdict, bool json, bool redraw)
    {
        if (json)
        {
            Console.Out.WriteLine(CounterJson.IntervalLine(interval, verdict));
        }
        else if (redraw)
        {
            // Home + clear screen, then the whole block: simple and flicker-free enough at 1 Hz.
            Console.Out.Write("\u001b[H\u001b[2J" + string.Join(Environment.NewLine, CounterText.Block(attached.ProcessId, attached.Process.Name, interval, verdict)) + Environment.NewLine);
        }
        else
        {
            Console.Out.WriteLine(CounterText.Line(interval, verdict));
        }
        Console.Out.Flush();
    }
}
