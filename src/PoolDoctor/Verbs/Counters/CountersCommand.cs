using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Verbs.Counters;

/// <summary>
/// `counters`: the live thread-pool view with the runtime's injections and a verdict line. A terminal gets a
/// block redrawn each interval; a pipe gets one line (text), one JSON object (json) or one CSV row (csv) per interval.
/// `--counters` picks the counters shown (text, csv) and `--refresh-interval` the interval, as in dotnet-counters.
/// </summary>
internal static class CountersCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var format = FormatOption.Create<CountersFormat>("text (default), json (one object per interval, one per line) or csv (a header, then one row per interval).");
        var duration = DurationOption.Create("--duration", [], "Stop after this long (e.g. 30s, 2m); default: until Ctrl+C.");
        // The runtime's EventCounters go no faster in a useful way, and each interval costs the target a little.
        var refresh = DurationOption.Create(
            "--refresh-interval", [], "Seconds between updates (0.5, or a duration such as 500ms or 5s; at least 0.1 s, at most 1 h).",
            defaultText: "1", maximum: TimeSpan.FromHours(1), helpName: "SECONDS",
            check: (text, interval) => interval >= TimeSpan.FromMilliseconds(100) ? null : $"--refresh-interval: '{text}' is under 0.1 s");
        var counters = new Option<string?>("--counters")
        {
            HelpName = "NAME,...",
            Description = $"Show only these counters, in this order (text and csv; not with --format json, whose lines keep every key): {string.Join(", ", CounterColumns.All.Select(c => c.Name))}. System.Runtime[NAME,...] is accepted too.",
        };
        var command = new Command("counters", "Watch a .NET process's thread pool live: threads, queue, completions, CPU, lock contention, GC heap, injections by reason, and a starvation verdict.");
        target.AddTo(command);
        command.Options.Add(format);
        command.Options.Add(duration.Option);
        command.Options.Add(refresh.Option);
        command.Options.Add(counters);
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var view = new CountersView(parse.GetValue(format), parse.GetValue(counters) is { } picked ? CounterColumns.Parse(picked) : null);
            if (view.Format == CountersFormat.Json && view.Columns is not null)
            {
                throw new UsageException("--counters picks text or csv columns; --format json always writes every key");
            }
            var limit = duration.Read(parse);
            var interval = refresh.ReadOrDefault(parse);
            return await RunAsync(console, spec, view, interval, limit, cancellation);
        });
        return command;
    }

    private static async Task<RunEnd> RunAsync(IToolConsole console, TargetSpec spec, CountersView view, TimeSpan interval, TimeSpan? limit, CancellationToken cancellation)
    {
        await using var attached = await AttachedTarget.AttachAsync(spec, cancellation);
        await using var watch = await PoolWatch.StartAsync(attached, cancellation, interval.TotalSeconds);
        var detector = watch.Detector;
        var renderer = CounterRenderer.For(console, view.Format, view.Columns, attached.ProcessId, attached.Process.Name);
        renderer.Begin();
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
            renderer.Interval(reading.Interval, verdict);
        }
        var end = await watch.StopAsync();
        if (end.Kind != WatchEndKind.Stopped)
        {
            renderer.EndedEarly(verdict, detector.Samples.Count);
            throw WatchFailures.From(end, detector.Samples.Count);
        }
        return RunEnd.Ok;
    }

    private sealed record CountersView(CountersFormat Format, IReadOnlyList<CounterColumn>? Columns);
}
