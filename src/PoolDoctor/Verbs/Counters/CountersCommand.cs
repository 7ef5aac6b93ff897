using System.CommandLine;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Cli.Commands;

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
        var redraw = view.Format == CountersFormat.Text && !console.IsOutputRedirected;
        if (view.Format == CountersFormat.Csv)
        {
            console.Out.WriteLine(CounterColumns.CsvHeader(view.Columns ?? CounterColumns.All));
        }
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
            Render(console, attached, reading.Interval, verdict, view, redraw);
        }
        var end = await watch.StopAsync();
        if (end.Kind != WatchEndKind.Stopped)
        {
            if (view.Format == CountersFormat.Text)
            {
                console.Out.WriteLine($"Last verdict after {detector.Samples.Count} interval(s): {CounterText.VerdictLine(verdict)}");
            }
            throw WatchFailures.From(end, detector.Samples.Count);
        }
        return RunEnd.Ok;
    }

    private static void Render(IToolConsole console, AttachedTarget attached, CounterInterval interval, Verdict verdict, CountersView view, bool redraw)
    {
        if (view.Format == CountersFormat.Json)
        {
            console.Out.WriteLine(CounterJson.IntervalLine(interval, verdict));
        }
        else if (view.Format == CountersFormat.Csv)
        {
            console.Out.WriteLine(CounterColumns.CsvRow(view.Columns ?? CounterColumns.All, interval, verdict.Kind, verdict.Confidence));
        }
        else if (redraw)
        {
            // Home + clear screen, then the whole block: simple and flicker-free enough at 1 Hz.
            console.Out.Write("\u001b[H\u001b[2J" + string.Join(Environment.NewLine, Block(attached, interval, verdict, view.Columns)) + Environment.NewLine);
        }
        else
        {
            console.Out.WriteLine(view.Columns is null ? CounterText.Line(interval, verdict) : CounterColumns.Line(view.Columns, interval, verdict.Kind, verdict.Confidence));
        }
        console.Out.Flush();
    }

    /// <summary>The whole block, or with --counters the picked rows between the same header and verdict lines.</summary>
    private static IReadOnlyList<string> Block(AttachedTarget attached, CounterInterval interval, Verdict verdict, IReadOnlyList<CounterColumn>? columns)
    {
        var block = CounterText.Block(attached.ProcessId, attached.Process.Name, interval, verdict);
        if (columns is null)
        {
            return block;
        }
        return [block[0], "", .. CounterColumns.Rows(columns, interval), "", CounterText.VerdictLine(verdict), .. EvidenceText.Lines(verdict).Select(e => "    - " + e)];
    }

    private sealed record CountersView(CountersFormat Format, IReadOnlyList<CounterColumn>? Columns);
}
