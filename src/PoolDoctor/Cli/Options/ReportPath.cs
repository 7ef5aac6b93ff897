using System.CommandLine;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// Where `diagnose` and `demo` write their report: `-o FILE.json` (or `.html`) names the report file, as `-o` names
/// the output file in every verb (stacks, dump, fix; dotnet-trace, dotnet-dump, dotnet-gcdump alike), and its twin
/// (the same name with the other extension) and the evidence files go beside it. The old form, `-o DIR`, still works:
/// DIR/report.json and DIR/report.html, silently: a note on every run would be a second line beside the one-line
/// errors scripts read, for a form that is not going away.
/// </summary>
internal sealed record ReportPath(string Directory, string Name, bool FolderForm)
{
    public static ReportPath Default { get; } = new(".", "report", FolderForm: false);

    public string Json => Path.Combine(Directory, Name + ".json");

    public string Html => Path.Combine(Directory, Name + ".html");

    /// <summary>A path ending in .json or .html is the report file; anything else a folder (the old form).</summary>
    public static ReportPath Parse(string path)
    {
        var extension = Path.GetExtension(path);
        if (!System.IO.Directory.Exists(path)
            && (extension.Equals(".json", StringComparison.OrdinalIgnoreCase) || extension.Equals(".html", StringComparison.OrdinalIgnoreCase)))
        {
            var folder = Path.GetDirectoryName(path);
            return new ReportPath(string.IsNullOrEmpty(folder) ? "." : folder, Path.GetFileNameWithoutExtension(path), FolderForm: false);
        }
        return new ReportPath(path, "report", FolderForm: true);
    }

    /// <summary>`-o/--output` of the verbs that write a report; checked while parsing like every FILE and DIR option.</summary>
    public static Option<ReportPath?> Option() => new("--output", "-o")
    {
        HelpName = "FILE.json",
        Description = "The report file: FILE.json and FILE.html beside it, with the evidence (default: ./report.json). "
            + "A folder (the old form) still works: DIR/report.json and DIR/report.html.",
        CustomParser = result =>
        {
            if (result.Tokens.Count == 0)
            {
                return null;
            }
            var path = result.Tokens[0].Value;
            try
            {
                var parsed = Parse(path);
                if (parsed.FolderForm && PathOptions.OutputDirectoryProblem(path, "--output") is { } problem)
                {
                    result.AddError(problem);
                    return null;
                }
                if (string.IsNullOrEmpty(parsed.Name))
                {
                    result.AddError($"--output: '{path}' has no file name before its extension");
                    return null;
                }
                _ = Path.GetFullPath(path);
                return parsed;
            }
            catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
            {
                result.AddError($"--output: '{path}' is not a path");
                return null;
            }
        },
    };
}
