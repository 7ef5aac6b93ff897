using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>The lines under a culprit's name in every text output: what it served, how it was reached, what was missing.</summary>
public static class CulpritLines
{
    /// <param name="repositoryPaths">Files as the HTML report names them: the repository path when known (the
    /// terminal summary, read beside the report), else the path on the machine that built the app.</param>
    public static IReadOnlyList<string> Describe(Culprit c, bool repositoryPaths = false)
    {
        var lines = new List<string>();
        if ((repositoryPaths ? c.Site.RepositoryFile ?? c.Site.File : c.Site.File) is { } file)
        {
            lines.Add($"at {file}" + (c.Site.Line is { } line ? $":{line}" : ""));
        }
        if (c.Site.SourceUrl is not null)
        {
            lines.Add("source: " + c.Site.SourceUrl);
        }
        if (c.Entry is not null)
        {
            lines.Add("entry: " + EntryText.Of(c.Entry));
        }
        if (CulpritHoldText.Of(c) is { } hold)
        {
            lines.Add(hold);
        }
        if (c.Package is { } package)
        {
            lines.Add($"package: {package} ({(package.Direct ? "referenced by the app" : "transitive")}); the fix goes in its {c.PackageMethod}");
            lines.Add($"blocking API: {c.Api}" + Twin(c.ApiTwin));
            lines.Add("your frame: " + (c.UserFrame ?? "none on the stack (the package is called by the framework)"));
            if (c.AwaitedRanSync is { } ran)
            {
                lines.Add($"your await ran synchronously: {ran.Awaited} ran {ran.Ran}"
                    + (ran.NotOverridden ? $" (the package's type does not override the async method)" : ""));
            }
        }
        else if (c.ApiTwin is { } twin)
        {
            lines.Add($"blocking API: {c.Api}" + Twin(twin));
        }
        if (c.Chain.Count > 1 || c.Package is not null)
        {
            lines.Add("chain: " + string.Join(" -> ", ChainParts(c, repositoryPaths)));
        }
        if (CallSiteNoteText.Line(c.Site.Note) is { } note)
        {
            lines.Add("note: " + note);
        }
        return lines;
    }

    /// <summary>
    /// The chain's frames with their lines, and where it crosses into a package: <c>[package X 1.0.0]</c> before that
    /// package's first frame; a package culprit's chain ends with its blocking API. With <paramref name="repositoryPaths"/>
    /// (the HTML report, read on another machine) a frame's file is its repository path when known.
    /// </summary>
    public static IReadOnlyList<string> ChainParts(Culprit c, bool repositoryPaths = false)
    {
        var parts = new List<string>();
        PackageRef? previous = null;
        foreach (var frame in c.Chain)
        {
            var package = frame.Package;
            var text = WithLine(frame.Method, frame.Source, repositoryPaths);
            parts.Add(package is not null && package != previous ? $"[package {package}] {text}" : text);
            previous = package;
        }
        if (c.Package is not null)
        {
            parts.Add($"[blocking API] {c.Api}");
        }
        return parts;
    }

    private static string Twin(AsyncTwin? twin) => twin switch
    {
        { Twin: { } name, Callable: true } => $" (async twin: {name})",
        { Twin: { } } => " (its async twin is not public)",
        { Twin: null } => " (no async twin in its type)",
        _ => "",
    };

    /// <summary>
    /// <c>Method (File.cs:42)</c>, or the name alone without a line; with <paramref name="repositoryPath"/>,
    /// <c>Method (src/Orders/File.cs:42)</c> when the file's repository root is known.
    /// </summary>
    public static string WithLine(string frame, SourceLocation? source, bool repositoryPath = false) =>
        source is null ? frame : $"{frame} ({(repositoryPath ? source.RepositoryFile : null) ?? Path.GetFileName(source.File)}:{source.Line})";
}
