using System.Xml;
using System.Xml.Linq;

namespace PoolDoctor.Fix.Trees;

/// <summary>
/// What building a project needs from its source tree: the project's folder and those of every project it references
/// (transitively), plus the build settings in the folders above them (Directory.Build.*, Directory.Packages.props,
/// global.json, NuGet.config, .editorconfig), laid out as in the original under <see cref="Root"/> (the repository's
/// root, else the folder of a solution file, else the projects' common folder). `fix --verify` copies it twice and
/// builds the copies, so the user's own tree is never written to.
/// </summary>
public sealed class ProjectTree
{
    private static readonly string[] SettingFiles =
    [
        "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", "Directory.Build.rsp",
        "global.json", "NuGet.config", "nuget.config", "NuGet.Config", ".editorconfig", ".globalconfig",
    ];

    private static readonly HashSet<string> SkippedFolders = new(StringComparer.OrdinalIgnoreCase) { "bin", "obj", ".git", ".vs", "node_modules", "TestResults" };

    private ProjectTree(string root, string projectFile, IReadOnlyList<string> projectFolders)
    {
        Root = root;
        ProjectFile = projectFile;
        ProjectFolders = projectFolders;
    }

    public string Root { get; }

    public string ProjectFile { get; }

    /// <summary>The project's folder first, then those of the projects it references.</summary>
    public IReadOnlyList<string> ProjectFolders { get; }

    public static ProjectTree Of(string projectFile)
    {
        var project = Path.GetFullPath(projectFile);
        if (!File.Exists(project))
        {
            throw new FixRefusedException($"{projectFile}: no such project file");
        }
        var folders = new List<string>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>([project]);
        while (pending.TryPop(out var next))
        {
            if (!seen.Add(next))
            {
                continue;
            }
            folders.Add(Path.GetDirectoryName(next)!);
            foreach (var reference in References(next))
            {
                pending.Push(reference);
            }
        }
        var common = folders.Aggregate(CommonFolder);
        return new ProjectTree(RootAbove(common), project, folders.Distinct(StringComparer.Ordinal).ToList());
    }

    /// <summary>Copies the tree under <paramref name="destination"/> and returns the project file's path in the copy.</summary>
    public string CopyTo(string destination)
    {
        foreach (var folder in ProjectFolders)
        {
            CopyFolder(folder, Path.Combine(destination, Path.GetRelativePath(Root, folder)));
            for (var above = Path.GetDirectoryName(folder); above is not null && IsWithin(above, Root); above = Path.GetDirectoryName(above))
            {
                foreach (var name in SettingFiles)
                {
                    var file = Path.Combine(above, name);
                    var target = Path.Combine(destination, Path.GetRelativePath(Root, file));
                    if (File.Exists(file) && !File.Exists(target))
                    {
                        Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                        File.Copy(file, target);
                    }
                }
            }
        }
        return Path.Combine(destination, Path.GetRelativePath(Root, ProjectFile));
    }

    private static void CopyFolder(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.EnumerateFiles(from))
        {
            var target = Path.Combine(to, Path.GetFileName(file));
            if (!File.Exists(target))
            {
                File.Copy(file, target);
            }
        }
        foreach (var folder in Directory.EnumerateDirectories(from))
        {
            var name = Path.GetFileName(folder);
            if (!SkippedFolders.Contains(name) && !new DirectoryInfo(folder).Attributes.HasFlag(FileAttributes.ReparsePoint))
            {
                CopyFolder(folder, Path.Combine(to, name));
            }
        }
    }

    private static IEnumerable<string> References(string projectFile)
    {
        XDocument document;
        try
        {
            document = XDocument.Load(projectFile);
        }
        catch (XmlException e)
        {
            throw new FixRefusedException($"{projectFile}: not a readable project file ({e.Message})");
        }
        var folder = Path.GetDirectoryName(projectFile)!;
        foreach (var reference in document.Descendants().Where(e => e.Name.LocalName == "ProjectReference"))
        {
            var include = reference.Attribute("Include")?.Value;
            if (string.IsNullOrWhiteSpace(include))
            {
                continue;
            }
            if (include.Contains("$(", StringComparison.Ordinal))
            {
                throw new FixRefusedException($"{projectFile}: ProjectReference '{include}' uses an MSBuild property; the tree to copy cannot be told without evaluating it");
            }
            var path = Path.GetFullPath(Path.Combine(folder, include.Replace('\\', Path.DirectorySeparatorChar)));
            if (!File.Exists(path))
            {
                throw new FixRefusedException($"{projectFile}: referenced project {include} does not exist");
            }
            yield return path;
        }
    }

    /// <summary>The nearest folder at or above <paramref name="folder"/> that holds .git or a solution file, else the folder itself.</summary>
    public static string RootAbove(string folder)
    {
        for (var at = folder; at is not null; at = Path.GetDirectoryName(at))
        {
            if (Directory.Exists(Path.Combine(at, ".git")) || File.Exists(Path.Combine(at, ".git"))
                || Directory.EnumerateFiles(at, "*.sln").Any() || Directory.EnumerateFiles(at, "*.slnx").Any())
            {
                return at;
            }
        }
        return folder;
    }

    private static string CommonFolder(string a, string b)
    {
        var x = a;
        while (!IsWithin(b, x))
        {
            x = Path.GetDirectoryName(x) ?? throw new FixRefusedException($"{a} and {b} share no folder");
        }
        return x;
    }

    private static bool IsWithin(string path, string folder)
    {
        var relative = Path.GetRelativePath(folder, path);
        return relative == "." || (!relative.StartsWith("..", StringComparison.Ordinal) && !Path.IsPathRooted(relative));
    }
}
