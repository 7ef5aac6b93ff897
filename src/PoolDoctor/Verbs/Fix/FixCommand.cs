using System.CommandLine;
using PoolDoctor.Cli.Commands;
using PoolDoctor.Fix.StopGap;

namespace PoolDoctor.Cli.Verbs.Fix;

/// <summary>
/// `fix REPORT.json`: the culprit's fix as a unified diff; `--stop-gap` adds MinThreads in the form users put it
/// (`--stop-gap-as`), labelled a palliative; `--verify --load URL -- COMMAND` builds the original and the patched copy
/// and compares them under the same load (exit 0 when the fix helped, 3 when it did not).
/// </summary>
internal static class FixCommand
{
    public static Command Create()
    {
        var arguments = new Argument<string[]>("report")
        {
            HelpName = "REPORT.json",
            Description = "The report.json that diagnose, watch or analyze wrote. After '--' (with --verify): the command that runs a build of the project, started in the copied project's folder (e.g. -- dotnet bin/Release/net10.0/App.dll --urls http://127.0.0.1:5080).",
            Arity = ArgumentArity.OneOrMore,
        };
        var options = new FixOptions();
        var command = new Command("fix", "Write the fix of the report's culprit as a diff; --stop-gap adds MinThreads (a palliative); --verify builds the original and the patched project and compares them under the same load.")
        {
            arguments,
        };
        options.AddTo(command);
        HelpLayout.SetUsage(command, "fix REPORT.json [options] [--verify --load URL -- COMMAND ARGS...]");
        HelpLayout.SetLabel(arguments, "REPORT.json");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var (reports, launch) = CompareCommand.SplitAtDoubleDash(parse.GetValue(arguments)!, parse.Tokens);
            if (reports.Count != 1)
            {
                throw new UsageException(reports.Count == 0 ? "name the report.json to fix" : $"name one report.json (got {reports.Count}: {string.Join(", ", reports)})");
            }
            var request = options.Read(parse, reports[0], launch);
            return await FixRun.RunAsync(request, cancellation);
        });
        return command;
    }
}
