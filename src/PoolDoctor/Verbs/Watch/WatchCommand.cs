using System.CommandLine;
using System.Globalization;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Metrics;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// `watch`: runs beside a service for days. One line on stdout per state change; a report (JSON + HTML) per starvation
/// episode under --reports, rate-limited; optional Prometheus endpoint (--metrics) and OTLP push (--otlp). Every input
/// is checked before anything starts; SIGTERM or Ctrl+C ends it cleanly with exit 0.
/// </summary>
internal static class WatchCommand
{
    /// <summary>How often --otlp pushes; Prometheus pulls at its own scrape interval.</summary>
    private static readonly TimeSpan OtlpInterval = TimeSpan.FromSeconds(5);

    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var reports = PathOptions.OutputDirectory("--reports", [], "Directory for the reports, one folder per episode.", defaultPath: "pooldoctor-reports");
        var cooldown = DurationOption.Create("--cooldown", [], "At most one report per this long.", defaultText: "10m", maximum: TimeSpan.FromDays(30));
        var keep = new Option<int>("--keep") { HelpName = "N", Description = "Keep the newest N reports, delete older ones.", DefaultValueFactory = _ => WatchSettings.DefaultKeep };
        var trigger = new Option<string[]>("--trigger") { HelpName = "TRIGGER", Description = "Also report when this holds (repeatable): SIGNAL OP VALUE [for DURATION], e.g. 'queue>200 for 10s', 'queue-delay-p99>1s'.", AllowMultipleArgumentsPerToken = false };
        var metrics = new Option<string?>("--metrics") { HelpName = "[HOST:]PORT", Description = "Serve Prometheus metrics at http://[HOST:]PORT/metrics (a bare port listens on 127.0.0.1)." };
        var otlp = new Option<string?>("--otlp") { HelpName = "URL", Description = "Push the same metrics to an OTLP/HTTP receiver (e.g. http://127.0.0.1:4318)." };
        var duration = DurationOption.Create("--duration", [], "Stop after this long (default: until SIGTERM or Ctrl+C).", maximum: TimeSpan.FromDays(3650));
        var dump = DumpKindOption.Create("--dump", "Also write a core dump (mini, heap, full or triage) beside each episode's report, under the same --cooldown and --keep.");
        var userCode = UserCodeOption.Create("A namespace prefix that is user code (repeatable), as for diagnose.");
        var noEvidence = new Option<bool>("--no-evidence") { Description = "Do not keep each capture's trace and speedscope file in its report's folder (kept by default, pruned with it by --keep)." };
        var flight = DurationOption.Create("--flight-recorder", [], "Keep the last DURATION of evidence (counters, injections, wait events) in a bounded ring and put it in each report: the onset, not only the aftermath.",
            maximum: Model.Flight.FlightLimits.MaxWindow, check: (text, d) => d < TimeSpan.FromSeconds(2) ? $"--flight-recorder: '{text}' is shorter than 2s (the counters come once a second)" : null);
        var command = new Command("watch", "Watch a .NET service for days: log verdict changes, write a report per starvation episode, serve Prometheus metrics or push OTLP.");
        target.AddTo(command);
        foreach (var option in new Option[] { reports, cooldown.Option, keep, trigger, metrics, otlp, duration.Option, dump, userCode, noEvidence, flight.Option })
        {
            command.Options.Add(option);
        }
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var triggers = (parse.GetValue(trigger) ?? []).Select(TriggerOption.Parse).ToList();
            var keepCount = parse.GetValue(keep);
            if (keepCount < 1)
            {
                throw new UsageException($"--keep: must be at least 1, not {keepCount}");
            }
            var settings = new WatchSettings(
                spec,
                ReportsFolder(parse.GetValue(reports)!),
                cooldown.ReadOrDefault(parse),
                keepCount,
                triggers,
                Reattach: spec.ProcessId is null)
            {
                UserCodePrefixes = parse.GetValue(userCode) ?? [],
                Dump = parse.GetValue(dump),
                KeepEvidence = !parse.GetValue(noEvidence),
                FlightRecorder = flight.Read(parse),
            };
            var address = parse.GetValue(metrics) is { } m
                ? MetricsAddress.TryParse(m, out var a) ? a : throw new UsageException($"--metrics: '{m}' is not [HOST:]PORT (e.g. 9464, 127.0.0.1:9464)")
                : null;
            var limit = duration.Read(parse);
            var otlpUrl = parse.GetValue(otlp);
            if (otlpUrl is not null && !(Uri.TryCreate(otlpUrl, UriKind.Absolute, out var receiver) && (receiver.Scheme == Uri.UriSchemeHttp || receiver.Scheme == Uri.UriSchemeHttps)))
            {
                throw new UsageException($"--otlp: '{otlpUrl}' is not an http:// or https:// URL");
            }
            return await RunAsync(console, settings, address, otlpUrl, limit, cancellation);
        });
        return command;
    }

    /// <summary>The default folder is not parsed, so it gets the check a given one got while parsing.</summary>
    private static string ReportsFolder(DirectoryInfo folder) =>
        PathOptions.OutputDirectoryProblem(folder.ToString(), "--reports") is { } problem ? throw new UsageException(problem) : folder.FullName;

    private static async Task<RunEnd> RunAsync(IToolConsole console, WatchSettings settings, MetricsAddress? address, string? otlpUrl, TimeSpan? limit, CancellationToken cancellation)
    {
        ReportRetention.CheckWritable(settings.Reports);
        var state = new WatchState();
        using var endpoint = address is null ? null : Start(() => PrometheusEndpoint.Start(address, state));
        using var push = otlpUrl is null ? null : Start(() => OtlpPush.Start(otlpUrl, OtlpInterval, state));
        void Line(string text) => LogLine(console, text);
        Line($"watching {settings.Target}; reports in {settings.Reports} (cooldown {settings.Cooldown.TotalSeconds:0} s, keep {settings.Keep})"
            + (settings.Dump is { } kind ? $"; a {kind.ToString().ToLowerInvariant()} dump with each report" : "")
            + (settings.FlightRecorder is { } window ? $"; flight recorder: the last {window.TotalSeconds:0} s before each trigger" : "")
            + (address is null ? "" : $"; metrics at http://{address}/metrics") + (otlpUrl is null ? "" : $"; OTLP to {otlpUrl}"));
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        if (limit is { } l)
        {
            stop.CancelAfter(l);
        }
        await new WatchRun(settings, state, new WatchLog(Line, text => Stderr.Note(console, text))).RunAsync(stop.Token);
        Line(cancellation.IsCancellationRequested ? "stopped (signal); every session closed" : "stopped (--duration); every session closed");
        return RunEnd.Ok;
    }

    private static T Start<T>(Func<T> start)
    {
        try
        {
            return start();
        }
        catch (MetricsException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }

    /// <summary>One plain line per event, UTC-stamped: journald and log files read it as is (no colour, no redraw).</summary>
    private static void LogLine(IToolConsole console, string text)
    {
        console.Out.WriteLine($"{DateTimeOffset.UtcNow.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture)} {text}");
        console.Out.Flush();
    }
}
