using System.Xml.Linq;
using PoolDoctor.Fix;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Verbs.Fix;

/// <summary>
/// The app project `fix` edits and builds: `--project` when given, else the nearest .csproj above the culprit's source
/// file. The stop-gap and a verify run need the app (an executable) itself, never a library it references.
/// </summary>
internal static class FixProject
{
    public static string Resolve(string? given, Culprit culprit)
    {
        if (given is not null)
        {
            var full = Path.GetFullPath(given);
            if (Directory.Exists(full))
            {
                var found = Directory.GetFiles(full, "*.csproj");
                return found.Length == 1 ? found[0] : throw new UsageException($"--project: {given} holds {found.Length} .csproj files; name one");
            }
            if (!File.Exists(full))
            {
                throw new UsageException($"--project: {given} does not exist");
            }
            if (!full.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
            {
                throw new UsageException($"--project: {given} is not a .csproj; name the app's project file (the one that starts the service)");
            }
            return full;
        }
        if (culprit.Site.File is not { } file || !File.Exists(file))
        {
            throw new UsageException($"the culprit {culprit.Method} has no source file on this machine{(culprit.Site.File is null ? "" : $" ({culprit.Site.File})")}; name the app's project with --project");
        }
        for (var folder = Path.GetDirectoryName(file); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            var projects = Directory.GetFiles(folder, "*.csproj");
            if (projects.Length == 1)
            {
                return IsApp(projects[0]) ? projects[0]
                    : throw new UsageException($"{CulpritPlaces.Where(culprit)} belongs to the library {projects[0]}; name the app's project (the one that starts the service) with --project");
            }
            if (projects.Length > 1)
            {
                throw new UsageException($"{folder} holds {projects.Length} .csproj files; name the app's project with --project");
            }
        }
        throw new UsageException($"no .csproj above {file}; name the app's project with --project");
    }

    /// <summary>An executable: a web or worker SDK project, or OutputType Exe/WinExe.</summary>
    internal static bool IsApp(string projectFile)
    {
        try
        {
            var project = XDocument.Load(projectFile).Root;
            var sdk = project?.Attribute("Sdk")?.Value ?? "";
            var outputType = project?.Descendants().FirstOrDefault(e => e.Name.LocalName == "OutputType")?.Value.Trim() ?? "";
            return sdk.Contains("Web", StringComparison.OrdinalIgnoreCase) || sdk.Contains("Worker", StringComparison.OrdinalIgnoreCase)
                || outputType.Equals("Exe", StringComparison.OrdinalIgnoreCase) || outputType.Equals("WinExe", StringComparison.OrdinalIgnoreCase);
        }
        catch (System.Xml.XmlException e)
        {
            throw new FixRefusedException($"{projectFile}: not a readable project file ({e.Message})");
        }
    }
}
