using System.CommandLine;
using PoolDoctor.Cli;

namespace PoolDoctor.Verbs.Fix;

/// <summary>
/// `fix REPORT.json`: rewrites the culprit's proven chain to async with Roslyn and writes the diff (stdout, -o FILE) or
/// applies it (--apply); `--stop-gap` adds MinThreads where users put it (`--stop-gap-as`), labelled a palliative;
/// `--verify --load URL -- COMMAND` builds the original and the patched copy and compares them under the same load
/// (exit 0 when the fix helped, 3 when it did not). This file names only options: Roslyn and MSBuild load when the
/// action runs (<see cref="FixRun"/>), so no other verb's start pays for them.
/// </summary>
internal static class FixCommand
{
    internal static Command Create(IToolConsole console)
    {
        var arguments = new Argument<string[]>("REPORT")
        {
            HelpName = "REPORT.json",
            Description = "A report.json of diagnose or watch, the JSON of stacks/analyze --format json, or a census.json (census --format json; told apart by its content). After '--' (with --verify): the command that runs a build, started in the copied project's folder (e.g. -- dotnet bin/Release/net10.0/App.dll --urls http://127.0.0.1:5080).",
            Arity = ArgumentArity.OneOrMore,
        };
        var options = new FixVerbOptions();
        var command = new Command("fix", "Rewrite the chain the report proved blocking to async (Roslyn), compile it, and write the diff; --stop-gap adds MinThreads (a palliative); --verify compares the original and the patched build under the same load.")
        {
            arguments,
        };
        options.AddTo(command);
        HelpLayout.SetUsage(command, "fix REPORT.json [--project PATH] [--culprit N | --finding N] [-o FILE.diff] [--apply] [--rename] [--stop-gap [--stop-gap-as FORM]] [--verify --load URL [-c N] [-d DURATION] -- COMMAND ARGS...]");
        HelpLayout.SetLabel(arguments, "REPORT.json");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            // System.CommandLine puts the tokens after '--' into the same argument: split them off by position.
            var (reports, launch) = DoubleDash.Split(parse.GetValue(arguments)!, parse.Tokens);
            if (reports.Count != 1)
            {
                throw new UsageException(reports.Count == 0 ? "name the report.json to fix" : $"name one report.json (got {reports.Count}: {string.Join(", ", reports)})");
            }
            return await FixRun.RunAsync(console, options.Read(parse, reports[0], launch), cancellation);
        });
        return command;
    }
}
