using PoolDoctor.Fix;

namespace PoolDoctor.Cli.Verbs.Fix;

/// <summary>
/// Runs `fix`: plans the fix (PoolDoctor.Fix: report, MSBuild load, rewrite, compile), then prints the diff, writes it
/// (-o) or applies it (--apply). A refusal is one line and exit 1 with nothing written; the methods changed beyond
/// the proven chain are listed on stderr, never silently.
/// </summary>
internal static class FixRun
{
    public static async Task<RunEnd> RunAsync(FixArguments args, CancellationToken cancellation)
    {
        if (args.Culprit < 1)
        {
            throw new UsageException($"--culprit {args.Culprit}: culprits are numbered from 1");
        }
        if (args.Output is not null && args.Apply)
        {
            throw new UsageException("--apply edits the files; -o writes the diff: give one");
        }
        var plan = await SourceFixer.PlanAsync(args.Report, new FixOptions { Culprit = args.Culprit, ProjectPath = args.Project, Rename = args.Rename }, cancellation);
        if (plan.Refusal is { } refusal)
        {
            return RunEnd.Failed($"fix refused: {refusal}");
        }
        foreach (var note in plan.Notes)
        {
            Stderr.Note(note);
        }
        Stderr.Line($"fixing {plan.Culprit}: {plan.ChangedFiles.Count} file(s) changed, compiled with no errors");
        foreach (var also in plan.AlsoChanged)
        {
            Stderr.Line($"also changed: {also}");
        }
        if (args.Apply)
        {
            FixFiles.Apply(plan);
            Stderr.Line($"applied to {string.Join(", ", plan.ChangedFiles.Select(f => Path.GetRelativePath(plan.Root!, f.Path)))}");
        }
        else if (args.Output is not null)
        {
            FixFiles.WriteDiff(plan, args.Output);
            Stderr.Line($"diff written to {args.Output}");
        }
        else
        {
            Console.Out.Write(plan.Diff);
        }
        return RunEnd.Ok;
    }
}
