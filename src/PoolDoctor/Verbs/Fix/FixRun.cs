using PoolDoctor.Cli.Doctor;
using PoolDoctor.Fix;
using PoolDoctor.Fix.Diffs;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.StopGap;
using PoolDoctor.Fix.Trees;
using PoolDoctor.Report.Compare;

namespace PoolDoctor.Cli.Verbs.Fix;

/// <summary>
/// Runs `fix` once its options are read: the report's culprit, the app's project, the edits (the culprit's rewrite and,
/// with --stop-gap, MinThreads labelled a palliative), written as a diff or applied; with --verify, the before/after run.
/// </summary>
internal static class FixRun
{
    public static async Task<RunEnd> RunAsync(FixRequest request, CancellationToken cancellation)
    {
        var report = FixReport.Read(request.Report);
        if (report.Culprits.Count == 0)
        {
            throw new FixException($"{request.Report} names no culprit: there is no blocking call to fix (and a stop-gap alone would only hide one)");
        }
        if (request.Culprit > report.Culprits.Count)
        {
            throw new UsageException($"--culprit: the report names {report.Culprits.Count} culprit(s), not {request.Culprit}");
        }
        var culprit = report.Culprits[request.Culprit - 1];
        var project = FixProject.Resolve(request.Project, culprit);
        var edits = new List<FileEdit>();
        if (request.StopGap is { } form)
        {
            var value = request.MinThreads ?? report.MinThreads
                ?? throw new FixException($"{request.Report} carries no MinThreads stop-gap (advice.minThreads is null: the pool was not blocked); give --min-threads N");
            edits.Add(StopGapEdits.For(project, value, form));
            Stderr.Note($"the stop-gap (MinThreads = {value}, {StopGapEdits.Describe(form)}) is a palliative, not the fix: the fix is making {culprit.Method} async, which blocks in {culprit.Api} at {culprit.Location}");
        }
        else
        {
            throw new FixException($"the rewrite of {culprit.Method} ({culprit.Location}) is not in this build yet; give --stop-gap to write (or --verify) the MinThreads stop-gap");
        }
        var root = ProjectTree.Of(project).Root;
        if (request.Apply)
        {
            foreach (var edit in edits)
            {
                edit.Apply();
                Console.Out.WriteLine($"{(edit.Before is null ? "created" : "edited")} {edit.Path}");
            }
            return RunEnd.Ok;
        }
        var diff = UnifiedDiff.Write(edits, root);
        if (request.Output is { } file)
        {
            await File.WriteAllTextAsync(file, diff, cancellation);
            Stderr.Note($"wrote the diff to {file} (apply it in {root} with: git apply {Path.GetFileName(file)})");
        }
        else
        {
            Console.Out.Write(diff);
        }
        return request.Verify is { } verify ? await VerifyAsync(project, edits, verify, cancellation) : RunEnd.Ok;
    }

    private static async Task<RunEnd> VerifyAsync(string project, IReadOnlyList<FileEdit> edits, VerifySettings settings, CancellationToken cancellation)
    {
        var status = LiveStatusLine.ForTerminal();
        var compare = settings.ShowChildIo ? settings.Compare with { ChildOutput = new ChildOutput(settings.Compare.Command[0], status).Line } : settings.Compare;
        var result = await VerifyRun.RunAsync(new VerifyRequest(project, edits, compare), status, line =>
        {
            status?.Clear();
            Console.Error.WriteLine(line);
        }, cancellation);
        status?.Clear();
        Console.Out.WriteLine();
        Console.Out.WriteLine("Verified under the same load (each build a fresh process):");
        Console.Out.Write(CompareTableWriter.Text(result.Rows));
        if (cancellation.IsCancellationRequested)
        {
            return RunEnd.Interrupted();
        }
        if (result.Helped)
        {
            Console.Out.WriteLine($"The fix helped: {Describe(result.Before.Row)} before, {Describe(result.After.Row)} after.");
            return RunEnd.Ok;
        }
        Console.Out.WriteLine($"The fix did not help: {result.Shortfall}.");
        var culprits = result.After.Watch?.Stacks?.Culprits ?? [];
        if (culprits.Count == 0)
        {
            Console.Out.WriteLine("The patched build's capture named no culprit.");
        }
        foreach (var c in culprits.Take(3))
        {
            var where = c.Site.File is { } f ? c.Site.Line is { } n ? $" at {f}:{n}" : $" at {f}" : "";
            Console.Out.WriteLine($"Still blocking after the fix: {c.Method} ({c.Kind}, {c.Api}){where}");
        }
        return RunEnd.GateFailed();
    }

    private static string Describe(Model.Diagnosis.CompareRow row) =>
        $"{row.Verdict?.ToString() ?? "no verdict"}, {row.Requests} requests";
}
