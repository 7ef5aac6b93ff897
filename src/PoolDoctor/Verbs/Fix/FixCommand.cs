using System.CommandLine;

namespace PoolDoctor.Cli.Verbs.Fix;

/// <summary>
/// `fix REPORT.json`: rewrites the culprit's proven chain to async with Roslyn and writes the diff (stdout, -o FILE) or
/// applies it (--apply). This file names only options: Roslyn and MSBuild load when the action runs
/// (<see cref="FixRun"/>), so no other verb's start pays for them.
/// </summary>
internal static class FixCommand
{
    public static Command Create()
    {
        var report = new Argument<string>("REPORT") { HelpName = "REPORT.json", Description = "A report.json of diagnose or watch, or the JSON of stacks/analyze --format json." };
        var project = new Option<string?>("--project") { HelpName = "PATH", Description = "The .csproj, .sln or .slnx that builds the culprit's code (default: the project above the report's source file)." };
        var culprit = new Option<int>("--culprit") { HelpName = "N", Description = "Which culprit of the report to fix, as numbered in it (default 1, the first).", DefaultValueFactory = _ => 1 };
        var output = new Option<string?>("--output", "-o") { HelpName = "FILE.diff", Description = "Write the unified diff to this file instead of stdout." };
        var apply = new Option<bool>("--apply") { Description = "Edit the source files in place (after the patched project compiles)." };
        var rename = new Option<bool>("--rename") { Description = "Add the Async suffix to the methods that become async (callers follow; entries keep their names)." };
        var command = new Command("fix", "Rewrite the chain the report proved blocking to async (Roslyn), compile it, and write the diff.")
        {
            report, project, culprit, output, apply, rename,
        };
        HelpLayout.SetUsage(command, "fix REPORT.json [--project PATH] [--culprit N] [-o FILE.diff] [--apply] [--rename]");
        VerbAction.Set(command, (parse, cancellation) => FixRun.RunAsync(
            new FixArguments(parse.GetValue(report)!, parse.GetValue(project), parse.GetValue(culprit), parse.GetValue(output), parse.GetValue(apply), parse.GetValue(rename)),
            cancellation));
        return command;
    }
}

/// <summary>What `fix` was asked, as parsed.</summary>
internal sealed record FixArguments(string Report, string? Project, int Culprit, string? Output, bool Apply, bool Rename);
