using System.CommandLine;
using PoolDoctor.Analysis.Gate;
using PoolDoctor.Cli.Doctor;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Cli.Commands;

/// <summary>
/// `diagnose`: attach (or launch the target with `-- COMMAND ARGS...`), watch the counters, capture stacks and wait events
/// as soon as the pool looks blocked, stop once diagnosed or at --duration, and write report.json + report.html.
/// Ctrl+C or the target's exit still writes the report, marked partial.
/// </summary>
internal static class DiagnoseCommand
{
    public static Command Create()
    {
        var target = new TargetOptions();
        var duration = new Option<string>("--duration", "-d")
        {
            Description = "Watch at most this long (default 60s); it stops earlier once diagnosed.",
            DefaultValueFactory = _ => "60s",
        };
        var output = new Option<string>("--output", "-o")
        {
            Description = "Directory for report.json and report.html (default: the current directory).",
            DefaultValueFactory = _ => ".",
        };
        var userCode = new Option<string[]>("--user-code")
        {
            Description = "A namespace prefix that is user code (repeatable). Default: the app's own assemblies (by deps.json), else everything outside System.*, Microsoft.* and known libraries.",
            AllowMultipleArgumentsPerToken = false,
        };
        var load = new Option<string[]>("--load")
        {
            Description = "Load this URL (repeatable) while diagnosing: waits until it answers, stops when diagnosed or at --duration.",
            AllowMultipleArgumentsPerToken = false,
        };
        var connections = new Option<int>("--connections", "-c")
        {
            Description = "Connections per --load URL (default 125).",
            DefaultValueFactory = _ => Load.LoadOptions.DefaultConnections,
        };
        var failOn = new Option<FailOn?>("--fail-on")
        {
            Description = "Exit 3 when the diagnosis says so: starving | blocking | any (a CI gate).",
        };
        var junit = new Option<string?>("--junit")
        {
            Description = "Also write a JUnit XML summary to this file (for CI servers).",
        };
        var launch = new Argument<string[]>("command")
        {
            Description = "After '--': a command to launch and diagnose (e.g. -- dotnet MyService.dll).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var command = new Command("diagnose", "Watch a .NET process until its thread pool is diagnosed: verdict, culprit, advice; writes report.json and report.html.");
        target.AddTo(command);
        command.Options.Add(duration);
        command.Options.Add(output);
        command.Options.Add(userCode);
        command.Options.Add(load);
        command.Options.Add(connections);
        command.Options.Add(failOn);
        command.Options.Add(junit);
        command.Arguments.Add(launch);
        command.SetAction(async (parse, cancellation) =>
        {
            var spec = target.Read(parse);
            var launchCommand = parse.GetValue(launch) ?? [];
            if (spec is null == (launchCommand.Length == 0))
            {
                throw new UsageException(spec is null
                    ? "name the target with -p/--process-id, -n/--name or --diagnostic-port, or launch one with -- COMMAND ARGS..."
                    : "give either a target (-p/-n/--diagnostic-port) or a command after '--', not both");
            }
            var settings = new DiagnosisSettings(DurationOption.Parse(parse.GetValue(duration)!, "--duration"), StopWhenDiagnosed: true, DiagnosisSettings.DefaultStackWindow)
            {
                UserCodePrefixes = parse.GetValue(userCode) ?? [],
                Notice = line => Console.Error.WriteLine($"{CliApp.ToolName}: note: {line}"),
            };
            var run = new DiagnoseRequest(
                parse.GetValue(output)!,
                LoadUrls(parse.GetValue(load) ?? []),
                parse.GetValue(connections),
                parse.GetValue(failOn),
                parse.GetValue(junit));
            if (run.Connections <= 0)
            {
                throw new UsageException($"--connections: must be at least 1, not {run.Connections}");
            }
            await using var launched = launchCommand.Length > 0 ? LaunchedTarget.Start(launchCommand[0], launchCommand.Skip(1)) : null;
            if (launched is not null)
            {
                spec = await launched.WaitForDiagnosticsAsync(TimeSpan.FromSeconds(30), cancellation);
            }
            return await RunAsync(spec!, settings, run, launched, cancellation);
        });
        return command;
    }

    private static async Task<int> RunAsync(TargetSpec spec, DiagnosisSettings settings, DiagnoseRequest run, LaunchedTarget? launched, CancellationToken cancellation)
    {
        await using var attached = await Attach(spec, cancellation);
        foreach (var url in run.LoadUrls)
        {
            await UrlReadiness.WaitAsync(url, TimeSpan.FromSeconds(30), launched, cancellation);
        }
        var started = DateTimeOffset.UtcNow;
        Console.Error.WriteLine($"Diagnosing {attached.Process.Name} (pid {attached.ProcessId}) for up to {settings.Duration.TotalSeconds:0} s; Ctrl+C writes a partial report.");
        BackgroundLoads? loads = null;
        IReadOnlyList<string> loadLines = [];
        var status = LiveStatusLine.ForTerminal();
        DiagnosisOutcome outcome;
        try
        {
            outcome = await DiagnosisRun.RunAsync(attached, settings, status, CancellationToken.None, cancellation, whenWatching: () =>
            {
                if (run.LoadUrls.Count > 0)
                {
                    loads = BackgroundLoads.Start(run.LoadUrls, run.Connections, settings.Duration, cancellation);
                }
            });
            status?.Clear();
            if (loads is not null)
            {
                loadLines = await loads.StopAsync();
            }
        }
        finally
        {
            if (loads is not null)
            {
                await loads.DisposeAsync();
            }
        }
        var report = DiagnosisReportBuilder.Build(attached.Process, started, outcome);
        var (json, html) = await ReportFiles.WriteAsync(report, run.Directory);
        ReportTerminalWriter.Write(TerminalConsole.Create(), report);
        foreach (var line in loadLines)
        {
            Console.Out.WriteLine(line);
        }
        Console.Out.WriteLine($"Report: {json} and {html}");
        var gateFailed = false;
        if (run.FailOn is { } policy)
        {
            gateFailed = FailGate.Fails(policy, report.Verdict.Kind, report.Culprits);
            var message = FailGate.Explain(policy, report.Verdict.Kind, report.Culprits);
            Console.Error.WriteLine($"{CliApp.ToolName}: {message}");
            if (run.JUnit is { } junitPath)
            {
                await JUnitWriter.WriteFileAsync(report, gateFailed, message, junitPath, CancellationToken.None);
            }
        }
        else if (run.JUnit is { } junitPath)
        {
            var message = FailGate.Explain(FailOn.Starving, report.Verdict.Kind, report.Culprits);
            await JUnitWriter.WriteFileAsync(report, FailGate.Fails(FailOn.Starving, report.Verdict.Kind, report.Culprits), message, junitPath, CancellationToken.None);
        }
        switch (outcome.End)
        {
            case DiagnosisEnd.Interrupted:
                Console.Error.WriteLine($"{CliApp.ToolName}: interrupted; partial report written");
                return ExitCodes.Interrupted;
            case DiagnosisEnd.TargetExited or DiagnosisEnd.Failed:
                Console.Error.WriteLine($"{CliApp.ToolName}: error: {outcome.EndMessage}; partial report written ({outcome.Samples.Count} interval(s) seen)");
                return ExitCodes.RunFailed;
            default:
                return gateFailed ? ExitCodes.GateFailed : ExitCodes.Ok;
        }
    }

    private static IReadOnlyList<Uri> LoadUrls(string[] values) =>
        [.. values.Select(v => Uri.TryCreate(v, UriKind.Absolute, out var url) && (url.Scheme == Uri.UriSchemeHttp || url.Scheme == Uri.UriSchemeHttps)
            ? url
            : throw new UsageException($"--load: '{v}' is not an http:// or https:// URL"))];

    internal static async Task<AttachedTarget> Attach(TargetSpec spec, CancellationToken cancellation)
    {
        try
        {
            return await AttachedTarget.AttachAsync(spec, cancellation);
        }
        catch (AttachException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }
}
