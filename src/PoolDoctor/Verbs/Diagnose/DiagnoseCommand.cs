using System.CommandLine;
using PoolDoctor.Analysis.Gate;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Load;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// `diagnose`: attach (or launch the target with `-- COMMAND ARGS...`), watch the counters, capture stacks and wait events
/// as soon as the pool looks blocked, stop once diagnosed or at --duration, and write report.json + report.html.
/// Ctrl+C or the target's exit still writes the report, marked partial.
/// </summary>
internal static class DiagnoseCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var duration = DurationOption.Create("--duration", ["-d"], "Watch at most this long; it stops earlier once diagnosed.", defaultText: "60s");
        var minDuration = DurationOption.Create("--min-duration", [],
            "Once diagnosed, keep watching until the watch has lasted this long (at most --duration), so the report shows the pool before and after the verdict; 0 stops as soon as the stacks are in.",
            defaultText: "10s", zeroAllowed: true);
        var baseline = DurationOption.Create("--baseline", [],
            "With --load: watch this long before the load starts, so the report shows the pool before the episode as well as during and after it; 0 starts the load at once.",
            defaultText: "3s", zeroAllowed: true);
        var output = ReportPath.Option();
        var userCode = UserCodeOption.Create();
        var load = LoadUrl.CreateOption("--load", "Load this URL (repeatable) while diagnosing: waits until it answers, stops when diagnosed or at --duration.");
        var connections = ConnectionsOption.Create("Connections per --load URL.");
        var protocol = new LoadProtocolOptions();
        var request = new LoadRequestOptions();
        var failOn = new Option<FailOn?>("--fail-on")
        {
            HelpName = "starving|blocking|any",
            Description = "Exit 3 when the diagnosis says so: starving | blocking | any (a CI gate).",
        };
        var junit = PathOptions.OutputFile("--junit", [], "FILE", "Also write a JUnit XML summary to this file (for CI servers).", "junit.xml");
        var children = new ChildOptions(
            "With '-- COMMAND': diagnose the process below it with this name (as 'ps' shows it; a trailing '*' matches a prefix). Default for 'dotnet test': testhost*.",
            "With '-- COMMAND': stream the command's output to stderr, each line prefixed with [NAME]. Without it, a command that fails still shows its last lines.");
        var noEvidence = new Option<bool>("--no-evidence")
        {
            Description = "Do not keep the capture's trace (capture.nettrace) and speedscope file (capture.speedscope.json) beside the report.",
        };
        var launch = new Argument<string[]>("command")
        {
            HelpName = "COMMAND",
            Description = "After '--': a command to launch and diagnose (e.g. -- dotnet MyService.dll).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var command = new Command("diagnose", "Watch a .NET process until its thread pool is diagnosed: verdict, culprit, advice; writes report.json and report.html.");
        target.AddTo(command);
        command.Options.Add(duration.Option);
        command.Options.Add(minDuration.Option);
        command.Options.Add(baseline.Option);
        command.Options.Add(output);
        command.Options.Add(userCode);
        command.Options.Add(load);
        command.Options.Add(connections);
        protocol.AddTo(command);
        request.AddTo(command);
        command.Options.Add(failOn);
        command.Options.Add(junit);
        children.AddTo(command);
        command.Options.Add(noEvidence);
        command.Arguments.Add(launch);
        HelpLayout.SetUsage(command, "diagnose [options] [-- COMMAND ARGS...]");
        HelpLayout.SetLabel(launch, "-- COMMAND ARGS...");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.Read(parse);
            // A word before '--' is a typo or a forgotten '--', never a program to start.
            var (stray, launchCommand) = DoubleDash.Split(parse.GetValue(launch) ?? [], parse.Tokens);
            if (stray.Count > 0)
            {
                throw new UsageException(LaunchChecks.StrayArgument(stray[0]));
            }
            if (spec is null == (launchCommand.Count == 0))
            {
                throw new UsageException(spec is null
                    ? "name the target with -p/--process-id, -n/--name or --diagnostic-port, or launch one with -- COMMAND ARGS..."
                    : LaunchChecks.TargetAndCommand);
            }
            var settings = new DiagnoseLoopSettings(duration.ReadOrDefault(parse), StopWhenDiagnosed: true, DiagnoseLoopSettings.DefaultStackWindow)
            {
                UserCodePrefixes = parse.GetValue(userCode) ?? [],
                Notice = text => Stderr.Note(console, text),
                KeepEvidence = !parse.GetValue(noEvidence),
                MinDuration = minDuration.ReadOrDefault(parse),
            };
            var shape = protocol.Read(parse);
            var reportPath = parse.GetValue(output) ?? ReportPath.Default;
            var run = new DiagnoseOptions(
                reportPath.Directory,
                parse.GetValue(load) ?? [],
                parse.GetValue(connections),
                parse.GetValue(failOn),
                parse.GetValue(junit)?.ToString())
            {
                LoadProtocol = shape.Protocol,
                GrpcMessage = shape.GrpcMessage,
                ThinkTime = shape.ThinkTime,
                LoadRequest = request.Read(parse, shape.Protocol),
                LaunchCommand = launchCommand,
                Report = reportPath,
                Baseline = baseline.ReadOrDefault(parse),
            };
            if (run.LoadUrls.Count == 0 && baseline.IsGiven(parse))
            {
                throw new UsageException("--baseline delays the --load: give a --load URL");
            }
            if (run.LoadUrls.Count > 0 && run.Baseline >= settings.Duration)
            {
                throw new UsageException($"--baseline ({DurationText.Format(run.Baseline)}) must be shorter than --duration ({DurationText.Format(settings.Duration)}): the load runs in what is left");
            }
            foreach (var url in run.LoadUrls)
            {
                BackgroundLoads.OptionsFor(url, run.Connections, settings.Duration - run.Baseline, run.LoadProtocol, run.GrpcMessage, run.ThinkTime, run.LoadRequest);
            }
            if (run.LoadUrls.Count == 0 && request.AnyGiven(parse))
            {
                throw new UsageException("-m/--method, -H/--header, --body and --body-file shape the --load requests: give a --load URL");
            }
            // A process already running with no load of ours is most often starving already: its stacks are there now.
            settings = settings with { CaptureAtAttach = launchCommand.Count == 0 && run.LoadUrls.Count == 0 };
            LaunchChecks.ChildOptionsNeedCommand(parse, launchCommand.Count > 0, children);
            LaunchChecks.AppFileExists(launchCommand);
            var childPattern = launchCommand.Count > 0 ? LaunchedChild.PatternFor(launchCommand, parse.GetValue(children.Child)) : null;
            var status = LiveStatusLine.ForTerminal(console);
            var childOutput = launchCommand.Count > 0 ? new ChildOutput(console, launchCommand[0], status) : null;
            await using var launched = launchCommand.Count > 0
                ? LaunchedTarget.Start(launchCommand[0], launchCommand.Skip(1), parse.GetValue(children.ShowChildIo) ? childOutput!.Line : null)
                : null;
            if (launched is not null)
            {
                spec = childPattern is null
                    ? await launched.WaitForDiagnosticsAsync(TimeSpan.FromSeconds(30), cancellation)
                    : await launched.WaitForChildAsync(childPattern, LaunchedChild.StartLimit, cancellation);
            }
            return await RunAsync(spec!, settings, run, childPattern is null ? launched : null, childPattern is null ? null : launched,
                status, parse.GetValue(children.ShowChildIo) ? null : childOutput, console, cancellation);
        });
        return command;
    }

    /// <param name="launched">The launched app when it is the target itself (its output explains a URL that never answers).</param>
    /// <param name="parent">The launched command when the target is a process below it (a test run): it runs to its own end.</param>
    /// <param name="tail">Where a failed command's last lines go when its output was not streamed.</param>
    private static async Task<RunEnd> RunAsync(
        TargetSpec spec, DiagnoseLoopSettings settings, DiagnoseOptions run, LaunchedTarget? launched, LaunchedTarget? parent,
        LiveStatusLine? status, ChildOutput? tail, IToolConsole console, CancellationToken cancellation)
    {
        var ending = await DiagnoseRun.RunAsync(spec, settings, run, launched, parent, status, new DiagnoseConsole(console, status), cancellation);
        // A command that failed by itself (a test run that exited non-zero, an app that died while watched): its own
        // words say why (the failing test's name and message, the app's exception), so they come before the doctor's
        // last line. An app still running here was fine; it is stopped afterwards.
        var command = parent ?? launched;
        if (command?.ExitCode is { } exit && ending.Kind != RunEndKind.Interrupted && (exit != 0 || ending.Kind == RunEndKind.RunFailed))
        {
            tail?.Tail(command.LastLines, exit);
        }
        return ending;
    }
}
