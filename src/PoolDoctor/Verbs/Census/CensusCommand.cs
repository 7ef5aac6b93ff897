using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Runs;

namespace PoolDoctor.Verbs.Census;

/// <summary>
/// `census [options] -- COMMAND ARGS...`: runs the command (a test run), follows it and every .NET process it starts,
/// and lists every blocking wait on a pool thread the run executed, grouped by where the fix goes.
/// </summary>
internal static class CensusCommand
{
    internal static Command Create(IToolConsole console)
    {
        var format = FormatOption.Create<CensusFormat>("Output format: text (default), json (census.json, also a baseline) or sarif (SARIF 2.1.0).");
        var output = PathOptions.OutputFile("--output", ["-o"], "FILE", "Write the census to this file instead of stdout.", "census.json");
        var junit = PathOptions.OutputFile("--junit", [], "FILE", "Also write JUnit XML: one test case per finding, failed when it fails the run.", "junit.xml");
        var baseline = new Option<string?>("--baseline")
        {
            HelpName = "FILE",
            Description = "A census.json of accepted findings: exit 3 only on findings not in it (or grown past --growth).",
        };
        var update = new Option<bool>("--update-baseline") { Description = "Write the findings to the --baseline file (created or replaced) and exit 0." };
        var growth = new Option<double?>("--growth")
        {
            HelpName = "FACTOR",
            Description = "With --baseline: also fail on a known finding whose total blocked time grew beyond FACTOR times the baseline's (e.g. 3).",
        };
        var userCode = UserCodeOption.Create();
        var traces = PathOptions.OutputDirectory("--traces", [], "Keep each process's recording (census-PID.nettrace) in this folder, for `analyze` or a bug report.");
        var launch = new Argument<string[]>("command")
        {
            HelpName = "COMMAND",
            Description = "After '--': the command to run and follow (e.g. -- dotnet test).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var command = new Command("census", "Run a command (a test run) and list every blocking call it made on pool threads, grouped by call site: text, json or SARIF, with a baseline.");
        command.Options.Add(format);
        command.Options.Add(output);
        command.Options.Add(junit);
        command.Options.Add(baseline);
        command.Options.Add(update);
        command.Options.Add(growth);
        command.Options.Add(userCode);
        command.Options.Add(traces);
        command.Arguments.Add(launch);
        HelpLayout.SetUsage(command, "census [options] -- COMMAND ARGS...");
        HelpLayout.SetLabel(launch, "-- COMMAND ARGS...");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var (stray, launchCommand) = DoubleDash.Split(parse.GetValue(launch) ?? [], parse.Tokens);
            if (stray.Count > 0)
            {
                throw new UsageException(LaunchChecks.StrayArgument(stray[0]));
            }
            if (launchCommand.Count == 0)
            {
                throw new UsageException("give the command to run after '--', e.g. census -- dotnet test");
            }
            var baselinePath = parse.GetValue(baseline);
            if (parse.GetValue(update) && baselinePath is null)
            {
                throw new UsageException("--update-baseline: give the file to write with --baseline FILE");
            }
            if (parse.GetValue(growth) is { } factor && (baselinePath is null || !(factor >= 1) || double.IsInfinity(factor)))
            {
                throw new UsageException(baselinePath is null ? "--growth compares with a baseline: give --baseline FILE" : $"--growth: '{factor}' must be a factor of 1 or more");
            }
            if (baselinePath is not null && PathOptions.OutputFileProblem(baselinePath, "--baseline", "census.json") is { } problem)
            {
                throw new UsageException(problem);
            }
            LaunchChecks.AppFileExists(launchCommand);
            var options = new CensusOptions(launchCommand, parse.GetValue(format))
            {
                Output = parse.GetValue(output)?.ToString(),
                JUnit = parse.GetValue(junit)?.ToString(),
                Baseline = baselinePath,
                UpdateBaseline = parse.GetValue(update),
                Growth = parse.GetValue(growth),
                UserCodePrefixes = parse.GetValue(userCode) ?? [],
                Traces = parse.GetValue(traces)?.FullName,
            };
            return await CensusRun.RunAsync(options, console, cancellation);
        });
        return command;
    }
}
