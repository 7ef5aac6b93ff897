using Microsoft.CodeAnalysis;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Fix.Compile;
using PoolDoctor.Fix.Diff;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.Rewrite;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix;

/// <summary>
/// The `fix` verb's engine, one call: report (or census.json, <see cref="FixTarget"/>) → culprit → the user's sources (loaded with MSBuild) → the rewritten
/// chain, compiled → a <see cref="FixPlan"/> (diff, changed files, also-changed methods, or the refusal). Nothing is
/// written here; <see cref="FixFiles.Apply"/> writes a plan's files.
/// </summary>
public static class SourceFixer
{
    public static async Task<FixPlan> PlanAsync(string reportPath, FixOptions options, CancellationToken cancellation = default)
    {
        Culprit culprit;
        string project;
        try
        {
            culprit = FixTarget.Pick(reportPath, options);
            AlreadyAwaited(culprit);
            var callSite = PackageCallSite.AtUserCall(culprit);
            Refusable(callSite);
            project = options.ProjectPath ?? ProjectFinder.Find(callSite.Site.File, reportPath);
            if (!File.Exists(project))
            {
                return FixPlan.Refuse($"--project: no such file '{project}'");
            }
        }
        catch (FixRefusedException e)
        {
            return FixPlan.Refuse(e.Message, options.ProjectPath);
        }
        try
        {
            var (workspace, solution) = await SourceWorkspace.OpenAsync(project, cancellation);
            using (workspace)
            {
                var plan = await PlanAsync(solution, culprit, Path.GetFullPath(project), options.Rename, cancellation);
                // A census records no PDB checksum: said as what it is, not as a report of an older version.
                return FixTarget.IsCensus(reportPath)
                    ? plan with { Notes = [.. plan.Notes.Select(n => n == NoChecksumNote ? "a census carries no source checksum: the sources could not be checked against its build" : n)] }
                    : plan;
            }
        }
        catch (FixRefusedException e)
        {
            return FixPlan.Refuse(e.Message, project);
        }
    }

    /// <summary>The same, on a solution already loaded (the rewrite and the compile checks, no MSBuild).</summary>
    public static async Task<FixPlan> PlanAsync(Solution solution, Culprit culprit, string projectPath, bool rename, CancellationToken cancellation)
    {
        var root = Path.GetDirectoryName(projectPath)!;
        string Relative(string path) => Path.GetRelativePath(root, path).Replace('\\', '/');
        try
        {
            var reported = culprit;
            AlreadyAwaited(reported);
            culprit = PackageCallSite.AtUserCall(culprit);
            Refusable(culprit);
            var document = SourcePaths.Map(solution, culprit.Site.File!)
                ?? throw new FixRefusedException($"{culprit.Site.File} (the culprit's file) is not in {Path.GetFileName(projectPath)}: give --project the project that builds it");
            var notes = new List<string>();
            if (reported.Package is { } package && culprit.Package is null)
            {
                notes.Add($"{reported.Method} blocks inside the package {package.Name}: the fix is at the app's call into it, {CulpritPlaces.Where(culprit)}");
            }
            CheckSources(solution, culprit, document, Relative, notes);
            var before = CompileCheck.Affected(solution, [document.Project.Id]);
            if (await CompileCheck.FirstErrorAsync(solution, before, Relative, cancellation) is { } broken)
            {
                throw new FixRefusedException($"{document.Project.Name} does not compile before the fix ({broken}): fix the build (or restore it) first");
            }
            var result = await ChainRewriter.RewriteAsync(solution, document, culprit, rename, root, cancellation);
            var changes = result.Solution.GetChanges(solution).GetProjectChanges().ToList();
            var changedProjects = changes.Select(c => c.ProjectId).ToList();
            if (await CompileCheck.FirstErrorAsync(result.Solution, CompileCheck.Affected(result.Solution, changedProjects), Relative, cancellation) is { } error)
            {
                throw new FixRefusedException($"the fix of {result.CallSite} does not compile ({error}): not written");
            }
            var files = new List<ChangedFile>();
            foreach (var id in changes.SelectMany(c => c.GetChangedDocuments()).Distinct())
            {
                var oldText = (await solution.GetDocument(id)!.GetTextAsync(cancellation)).ToString();
                var newText = LineEndingsOf(oldText, (await result.Solution.GetDocument(id)!.GetTextAsync(cancellation)).ToString());
                if (oldText != newText)
                {
                    files.Add(new ChangedFile(solution.GetDocument(id)!.FilePath!, oldText, newText));
                }
            }
            files.Sort((a, b) => string.CompareOrdinal(Relative(a.Path), Relative(b.Path)));
            return new FixPlan
            {
                Diff = string.Concat(files.Select(f => UnifiedDiff.Of(Relative(f.Path), f.OldText, f.NewText))),
                ChangedFiles = files,
                AlsoChanged = [.. result.AlsoChanged.DistinctBy(a => (a.Method, a.File, a.Line))],
                ProjectPath = projectPath,
                Root = root,
                Culprit = result.CallSite,
                Notes = notes,
            };
        }
        catch (FixRefusedException e)
        {
            return FixPlan.Refuse(e.Message, projectPath);
        }
    }

    /// <summary>
    /// The app already awaits the call under which the package blocked (its async API ran synchronously before it
    /// returned a task): there is no call of the app to make async, and the package's version is the fix.
    /// </summary>
    private static void AlreadyAwaited(Culprit reported)
    {
        if (reported.Package is not { } package || reported.AwaitedRanSync is not { } ran)
        {
            return;
        }
        var call = PackageCallSite.AtUserCall(reported);
        var where = call.Package is null ? CulpritPlaces.Where(call) : reported.UserFrame ?? "your code";
        throw new FixRefusedException(
            $"{where} already awaits {ran.Awaited}, which ran {ran.Ran} synchronously inside the package {package.Name} {package.Version}: "
            + $"nothing in your code to make async; upgrade {package.Name} to a version that does not block there"
            + (ran.NotOverridden ? $" (one that overrides {ran.AwaitedName.Member})" : "") + ", or report it to its maintainers");
    }

    private static void Refusable(Culprit culprit)
    {
        if (culprit.Package is { } package)
        {
            // The advice's own pointer: the package's twin only when the user can call it; else its version, and
            // never a name internal to the package.
            var what = culprit.PackageTwin is { ApiPublic: false } ? $"Code internal to the package {package.Name} {package.Version} blocks" : $"{culprit.Method} blocks inside the package {package.Name}";
            var pointer = culprit.PackageTwin?.CallableTwin is { } twin
                ? $"call its async API ({twin}) where your code can choose, or upgrade {package.Name}"
                : $"upgrade {package.Name} to a version that does not block, or report it upstream to {package.Name}";
            throw new FixRefusedException($"{what}, and the report's chain names no call of the app into it with a source line: its code is not in these sources; {pointer}");
        }
        if (culprit.Site.File is null || culprit.Site.Line is null)
        {
            throw new FixRefusedException($"{culprit.Method}: the report has no source line for it (no PDB, or library code), so there is nothing to rewrite");
        }
        if (IsRazorMarkup(culprit.Site.File))
        {
            // Razor compiles markup to C# no workspace document holds: the generated code is not what the user edits.
            throw new FixRefusedException($"{culprit.Method} blocks in Razor markup ({Path.GetFileName(culprit.Site.File)}:{culprit.Site.Line}), which fix does not rewrite: {(RazorLine(culprit) is { } awaited ? $"await it there: `{awaited}`" : "await it there (`@await ...`)")}, as the report's advice shows");
        }
    }

    // The markup line awaited by the advice's own rule (Razor is text to the tool: the advice's engine is the only one),
    // when the view is on this machine.
    private static string? RazorLine(Culprit culprit)
    {
        var file = culprit.Site.File!;
        if (!File.Exists(file) || culprit.Site.Line is not { } line)
        {
            return null;
        }
        var lines = File.ReadAllLines(file);
        return line <= lines.Length ? CodeRewrite.RewriteCall(lines[line - 1], culprit.Kind, culprit.Api, razor: true)?.Trim() : null;
    }

    private static bool IsRazorMarkup(string file) =>
        file.EndsWith(".cshtml", StringComparison.OrdinalIgnoreCase) || file.EndsWith(".razor", StringComparison.OrdinalIgnoreCase);

    // Every file the report gives a checksum for must be the file the build compiled; a report without one is said once.
    private static void CheckSources(Solution solution, Culprit culprit, Document callSite, Func<string, string> relative, List<string> notes)
    {
        var files = new List<(string ReportFile, SourceChecksum? Sum)> { (culprit.Site.File!, CulpritPlaces.Checksum(culprit)) };
        files.AddRange(CulpritPlaces.Chain(culprit).Where(f => f.File is not null).Select(f => (f.File!, f.Checksum)));
        var checkedAny = false;
        foreach (var (reportFile, sum) in files.DistinctBy(f => f.Item1))
        {
            if (sum is null)
            {
                continue;
            }
            var document = reportFile == culprit.Site.File ? callSite : SourcePaths.Map(solution, reportFile);
            if (document?.FilePath is not { } path)
            {
                continue;
            }
            checkedAny = true;
            if (SourceChecksumCheck.Mismatch(path, sum, relative(path)) is { } mismatch)
            {
                throw new FixRefusedException(mismatch);
            }
        }
        if (!checkedAny)
        {
            notes.Add(NoChecksumNote);
        }
    }

    private const string NoChecksumNote = "the report carries no source checksum (recorded by an older version): the sources could not be checked against its build";

    // New lines the rewrite wrote follow the file's own line endings.
    private static string LineEndingsOf(string oldText, string newText)
    {
        if (!oldText.Contains("\r\n", StringComparison.Ordinal))
        {
            return newText;
        }
        return newText.Replace("\r\n", "\n", StringComparison.Ordinal).Replace("\n", "\r\n", StringComparison.Ordinal);
    }
}
