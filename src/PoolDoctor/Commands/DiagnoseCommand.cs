using System.CommandLine;
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
            };
            var directory = parse.GetValue(output)!;
            await using var launched = launchCommand.Length > 0 ? LaunchedTarget.Start(launchCommand[0], launchCommand.Skip(1)) : null;
            if (launched is not null)
            {
                spec = await launched.WaitForDiagnosticsAsync(TimeSpan.FromSeconds(30), cancellation);
            }
            return await RunAsync(spec!, settings, directory, cancellation);
        });
        return command;
    }

    private static async Task<int> RunAsync(TargetSpec spec, DiagnosisSettings settings, string directory, CancellationToken cancellation)
    {
        await using var attached = await Attach(spec, cancellation);
        var started = DateTimeOffset.UtcNow;
        Console.Error.WriteLine($"Diagnosing {attached.Process.Name} (pid {attached.ProcessId}) for up to {settings.Duration.TotalSeconds:0} s; Ctrl+C writes a partial report.");
        var status = LiveStatusLine.ForTerminal();
        var outcome = await DiagnosisRun.RunAsync(attached, settings, status, CancellationToken.None, cancellation);
        status?.Clear();
        var report = DiagnosisReportBuilder.Build(attached.Process, started, outcome);
        var (json, html) = await ReportFiles.WriteAsync(report, directory);
        ReportTerminalWriter.Write(TerminalConsole.Create(), report);
        Console.Out.WriteLine($"Report: {json} and {html}");
        switch (outcome.End)
        {
            case DiagnosisEnd.Interrupted:
                Console.Error.WriteLine($"{CliApp.ToolName}: interrupted; partial report written");
                return ExitCodes.Interrupted;
            case DiagnosisEnd.TargetExited or DiagnosisEnd.Failed:
                Console.Error.WriteLine($"{CliApp.ToolName}: error: {outcome.EndMessage}; partial report written ({outcome.Samples.Count} interval(s) seen)");
                return ExitCodes.RunFailed;
            default:
                return ExitCodes.Ok;
        }
    }

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
