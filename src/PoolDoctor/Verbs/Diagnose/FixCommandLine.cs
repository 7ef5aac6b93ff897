using System.Globalization;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// The next command after a diagnosis, shown in report.html and the terminal summary: `dotnet-pooldoctor fix
/// DIR/report.json --project APP.csproj`, with `--verify --load URL -c N -- COMMAND` when this run drove the load and
/// launched the app, so the same load checks the patched build. The project is the one the first culprit's file
/// belongs to (the nearest .csproj above it, when that file is on this machine); paths are as typed from here.
/// `fix --verify` runs COMMAND in each copied project's folder and loads it with GET, so `--verify` is offered only where
/// that reruns this run: diagnose ran in the project's folder, COMMAND names no absolute path (which would start the
/// unpatched build in both copies: the README's `dotnet /…/dotnet-pooldoctor.dll lab`), and the load was a plain GET.
/// A command that would compare a build with itself is worse than none.
/// </summary>
internal static partial class FixCommandLine
{
    public static string? For(DiagnosisReport report, string jsonPath, DiagnoseOptions run, string? workingDirectory = null)
    {
        if (report.Culprits.Count == 0 || report.Advice.Fixes.Count == 0)
        {
            return null;
        }
        var here = workingDirectory ?? Environment.CurrentDirectory;
        var words = new List<string> { "dotnet-pooldoctor", "fix", AsTyped(jsonPath, here) };
        var project = ProjectOf(report.Culprits[0].Site.File);
        if (project is not null)
        {
            words.AddRange(["--project", AsTyped(project, here)]);
        }
        if (run.LoadUrls.Count > 0 && run.LaunchCommand.Count > 0 && VerifyReruns(run, project, here))
        {
            words.AddRange(["--verify", "--load", run.LoadUrls[0].ToString(), "-c", run.Connections.ToString(CultureInfo.InvariantCulture), "--"]);
            words.AddRange(run.LaunchCommand);
        }
        return string.Join(' ', words.Select(Quoted));
    }

    private static bool VerifyReruns(DiagnoseOptions run, string? project, string here) =>
        project is not null
        && string.Equals(Path.GetDirectoryName(Path.GetFullPath(project)), Path.GetFullPath(here).TrimEnd('/'), StringComparison.Ordinal)
        && run.LaunchCommand.Skip(1).All(word => !Path.IsPathRooted(word))
        // fix --verify drives one URL over HTTP/1.1 with no think time: any other load would not be this run's.
        && run.LoadUrls.Count == 1 && run.LoadProtocol == PoolDoctor.Load.LoadProtocol.Http1 && run.ThinkTime is null
        && (run.LoadRequest is null || (run.LoadRequest.Method == "GET" && run.LoadRequest.Headers.Count == 0 && run.LoadRequest.Body.Length == 0));

    /// <summary>The nearest folder above the file holding exactly one .csproj gives the project; null when the file is not here.</summary>
    internal static string? ProjectOf(string? file)
    {
        if (file is null || !File.Exists(file))
        {
            return null;
        }
        try
        {
            for (var folder = Path.GetDirectoryName(Path.GetFullPath(file)); folder is not null; folder = Path.GetDirectoryName(folder))
            {
                var projects = Directory.GetFiles(folder, "*.csproj");
                if (projects.Length > 0)
                {
                    return projects.Length == 1 ? projects[0] : null;
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A folder above the culprit's file that cannot be listed: the command goes without --project, and the
            // report it sits in is still written.
        }
        return null;
    }

    // Relative to where the user typed `diagnose` when below it, else the full path.
    private static string AsTyped(string path, string here)
    {
        var full = Path.GetFullPath(path, here);
        var relative = Path.GetRelativePath(here, full);
        return relative.StartsWith("..", StringComparison.Ordinal) || Path.IsPathRooted(relative) ? full : relative;
    }

    /// <summary>A word as a POSIX shell reads it back: bare when it is plain, else in single quotes.</summary>
    internal static string Quoted(string word) =>
        word.Length > 0 && Plain().IsMatch(word) ? word : "'" + word.Replace("'", "'\\''", StringComparison.Ordinal) + "'";

    [GeneratedRegex(@"^[A-Za-z0-9_./:=@%+,-]+$")]
    private static partial Regex Plain();
}
