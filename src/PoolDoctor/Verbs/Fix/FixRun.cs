using PoolDoctor.Cli;
using PoolDoctor.Fix;
using PoolDoctor.Fix.Diff;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.StopGap;
using PoolDoctor.Fix.Trees;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Runs.Verify;

namespace PoolDoctor.Verbs.Fix;

/// <summary>
/// Runs `fix`: plans the fix (PoolDoctor.Fix: report, MSBuild load, rewrite, compile), adds the stop-gap when asked,
/// then prints the diff, writes it (-o) or applies it (--apply); with --verify, runs the original and the patched
/// build under the same load. A refusal is one line and exit 1 with nothing written (with --stop-gap the stop-gap is
/// still written, with the refusal and the culprit to fix by hand said first); the methods changed beyond the proven
/// chain are listed on stderr, never silently.
/// </summary>
internal static class FixRun
{
    public static async Task<RunEnd> RunAsync(IToolConsole console, FixRequest request, CancellationToken cancellation)
    {
        // A report (or census) that cannot be read, or a culprit (finding) it does not have, ends here, whatever else was
        // asked: a stop-gap needs its culprit too.
        var options = new FixOptions { Culprit = request.Culprit, Finding = request.Finding, ProjectPath = request.Project, Rename = request.Rename };
        Culprit culprit;
        try
        {
            culprit = FixTarget.Pick(request.Report, options);
        }
        catch (FixRefusedException e)
        {
            return RunEnd.Failed($"fix refused: {e.Message}");
        }
        var plan = await SourceFixer.PlanAsync(request.Report, options, cancellation);
        var edits = new List<FileEdit>();
        if (plan.Refusal is { } refusal)
        {
            if (request.StopGap is null)
            {
                return RunEnd.Failed($"fix refused: {refusal}");
            }
            Stderr.Warning(console, $"fix refused: {refusal}; only the stop-gap is written, and the blocking call still needs its fix by hand");
        }
        else
        {
            foreach (var note in plan.Notes)
            {
                Stderr.Note(console, note);
            }
            Stderr.Line(console, $"fixing {plan.Culprit}: {plan.ChangedFiles.Count} file(s) changed, compiled with no errors");
            foreach (var also in plan.AlsoChanged)
            {
                Stderr.Line(console, $"also changed: {also}");
            }
            edits.AddRange(plan.ChangedFiles.Select((f, i) => new FileEdit(f.Path, f.OldText, f.NewText,
                i == 0 && request.StopGap is not null ? $"The fix: {plan.Culprit}, made async up the chain the report proved" : null)));
        }
        // The app's project: where the stop-gap goes and what --verify builds and runs.
        string? app = null;
        if (request.StopGap is not null || request.Verify is not null)
        {
            app = FixProject.Resolve(request.Project, culprit);
            if (request.StopGap is { } form)
            {
                var value = request.MinThreads ?? ReportStopGap.MinThreads(request.Report)
                    ?? throw new FixRefusedException($"'{request.Report}' carries no MinThreads stop-gap (advice.minThreads is null: the pool was not blocked); give --min-threads N");
                edits.Add(StopGapEdits.For(app, value, form));
                Stderr.Note(console, $"the stop-gap (MinThreads = {value}, {StopGapEdits.Describe(form)}) is a palliative, not the fix: the fix is making {CulpritPlaces.Where(culprit)} async, where it blocks in {culprit.Api}{(plan.Refused ? "" : " (the diff's first part)")}");
            }
        }
        var root = DiffRoot(plan.Root ?? Path.GetDirectoryName(app!)!, edits);
        if (request.Apply)
        {
            if (!plan.Refused)
            {
                FixFiles.Apply(plan);
            }
            foreach (var edit in edits.Where(e => e.Label is not null))
            {
                edit.Apply();
            }
            Stderr.Line(console, $"applied to {string.Join(", ", edits.Select(e => Path.GetRelativePath(root, e.Path)))}");
            return RunEnd.Ok;
        }
        var diff = EditDiff.Write(edits, root);
        if (request.Output is { } file)
        {
            await File.WriteAllTextAsync(file, diff, new System.Text.UTF8Encoding(false), cancellation);
            Stderr.Line(console, $"diff written to {file}");
        }
        else
        {
            console.Out.Write(diff);
        }
        return request.Verify is { } verify ? await VerifyAsync(console, app!, edits, verify, cancellation) : RunEnd.Ok;
    }

    /// <summary>
    /// The folder the diff's paths are relative to: the project's, unless an edit lies outside it (the culprit in a
    /// library the app references), then the repository's root above it, so `git apply` there takes every file.
    /// </summary>
    private static string DiffRoot(string folder, IReadOnlyList<FileEdit> edits) =>
        edits.All(e => !Path.GetRelativePath(folder, e.Path).StartsWith("..", StringComparison.Ordinal)) ? folder : ProjectTree.RootAbove(folder);

    private static async Task<RunEnd> VerifyAsync(IToolConsole console, string project, IReadOnlyList<FileEdit> edits, VerifySettings settings, CancellationToken cancellation)
    {
        var status = LiveStatusLine.ForTerminal(console);
        var compare = settings.ShowChildIo ? settings.Compare with { ChildOutput = new ChildOutput(console, settings.Compare.Command[0], status).Line } : settings.Compare;
        var result = await VerifyRun.RunAsync(new VerifyRequest(project, edits, compare), status, line =>
        {
            status?.Clear();
            console.Error.WriteLine(line);
        }, cancellation);
        status?.Clear();
        console.Out.WriteLine();
        VerifyText.Write(console.Out, result);
        if (cancellation.IsCancellationRequested)
        {
            return RunEnd.Interrupted();
        }
        return result.Helped ? RunEnd.Ok : RunEnd.GateFailed();
    }
}
