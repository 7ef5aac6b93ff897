using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Verdicts;
using Spectre.Console;

using PoolDoctor.Report.Stacks;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>The terminal summary: verdict and evidence, the culprits (under 1 % folded), the first fix as a diff with the command that applies it, and the stop-gap.</summary>
public static class ReportTerminalWriter
{
    public static void Write(IAnsiConsole console, DiagnosisReport report)
    {
        var v = report.Verdict;
        if (report.Partial)
        {
            console.MarkupLine($"[yellow]partial report:[/] {Markup.Escape(report.PartialReason ?? "cut short")}");
        }
        var at = v.AtSeconds is { } s ? $" after {s:F1} s" : "";
        console.MarkupLine($"[bold]Verdict:[/] [{Color(v.Kind)}]{v.Kind}[/] (confidence {v.Confidence * 100:0}%{at}) on {Markup.Escape(report.Target.Name)} (pid {report.Target.ProcessId})");
        foreach (var line in EvidenceText.Lines(v))
        {
            console.MarkupLine($"  - {Markup.Escape(line)}");
        }
        foreach (var line in ContextText.Lines(report.Context))
        {
            console.MarkupLine($"[grey]{Markup.Escape(line)}[/]");
        }

        if (report.Culprits.Count > 0)
        {
            CulpritTable.Write(console, report.Culprits);
            foreach (var line in CulpritLines.Describe(report.Culprits[0], repositoryPaths: true).Where(l => !l.StartsWith("entry:", StringComparison.Ordinal) && l != CulpritHoldText.Of(report.Culprits[0])))
            {
                console.MarkupLine($"  [grey]{Markup.Escape(line)}[/]");
            }
            if (report.Capture is { RequestThreads: 0 })
            {
                console.MarkupLine("  [grey]no ASP.NET Core request events were seen: entries come from the stacks alone[/]");
            }
        }
        else if (v.Kind is VerdictKind.Starving or VerdictKind.BlockingCompensated)
        {
            console.MarkupLine("[yellow]No culprit named[/]: the capture found no user method holding pool threads.");
        }
        else
        {
            console.MarkupLine("No culprit: nothing blocked the pool.");
        }

        if (report.Advice.Fixes.Count > 0)
        {
            var fix = report.Advice.Fixes[0];
            // A package's advice names the package; "in" its method would point at code the user neither owns nor calls.
            var inPackage = report.Culprits.Any(c => c.Method == fix.Method && c.Package is not null);
            console.MarkupLine(inPackage
                ? $"[bold]Fix:[/] {Markup.Escape(fix.Headline)}"
                : $"[bold]Fix:[/] {Markup.Escape(fix.Headline)} in [bold]{Markup.Escape(fix.Method)}[/]");
            if (fix.CodeNote is not null)
            {
                console.MarkupLine($"[grey]{Markup.Escape(fix.CodeNote)}[/]");
            }
            if (fix.Before.Length == 0 && fix.After.Length == 0)
            {
                // The blocking code is not the user's: what to do is the explanation, not a rewrite.
                console.WriteLine(Indent(fix.Explanation));
            }
            else if (fix.Code != Model.Advice.AdviceCode.SourceBefore && AdviceDiff.Of(fix.Before, fix.After) is var (header, lines))
            {
                // The change as `fix` prints it: the line that goes and the line that comes, one under the other.
                console.MarkupLine($"    [grey]{Markup.Escape(header)}[/]");
                foreach (var line in lines)
                {
                    var text = Markup.Escape(line.Mark + line.Text);
                    console.MarkupLine(line.Mark switch { '-' => $"    [red]{text}[/]", '+' => $"    [green]{text}[/]", _ => $"    {text}" });
                }
            }
            else
            {
                console.MarkupLine("[grey]before:[/]");
                console.WriteLine(Indent(fix.Before));
                console.MarkupLine("[grey]after:[/]");
                console.WriteLine(Indent(fix.After));
            }
            if (report.FixCommand is { } command)
            {
                console.MarkupLine("[bold]Next:[/] " + Markup.Escape(command));
            }
        }
        if (report.Advice.StopGap is { } gap)
        {
            // One level of brackets: the formula's own definitions (and B's source) go on their own line, not inside this one.
            console.MarkupLine($"[bold]Stop-gap[/] (palliative, not a fix): MinThreads = {gap.Value} = B + C + ceil(B / 4) with B = {gap.PeakBlockedThreads}, C = {gap.Cores}; "
                + $"e.g. [grey]DOTNET_ThreadPool_ForceMinWorkerThreads={gap.Value:X}[/] (hex). Details in report.html.");
            console.WriteLine($"  B sized from {gap.BlockedSource}.");
            if (gap.Configured is { } configured)
            {
                console.WriteLine("  " + configured);
            }
        }
    }

    private static string Indent(string code) => string.Join('\n', code.Split('\n').Select(l => "    " + l));

    private static string Color(VerdictKind kind) => kind switch
    {
        VerdictKind.Starving => "red",
        VerdictKind.BlockingCompensated => "darkorange",
        VerdictKind.Healthy => "green",
        VerdictKind.CpuSaturated => "blue",
        _ => "grey",
    };
}
