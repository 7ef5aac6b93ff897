using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace PoolDoctor.Tests.Architecture;

/// <summary>
/// A type's namespace is its folder (issue 33, item 5): the project's root namespace (its RootNamespace, else its name)
/// followed by the folders under the project. A reader who meets <c>PoolDoctor.Verbs.Diagnose.DiagnoseRun</c> opens
/// src/PoolDoctor/Verbs/Diagnose/DiagnoseRun.cs; before this, 103 of the tool's 114 files and 150 of 209 unit-test files
/// named somewhere else. Covers every project of the tool and its tests (the sample apps under tests/apps are the users'
/// code and keep their own names).
/// </summary>
public sealed partial class NamespaceFolderTests
{
    [Fact]
    public void Every_file_declares_the_namespace_of_its_folder()
    {
        var misplaced = Projects()
            .SelectMany(project => Sources(project.Folder).Select(file => (project, file)))
            .Select(x => (x.file, declared: Declared(x.file), expected: Expected(x.project, x.file)))
            .Where(x => x.declared is not null && x.declared != x.expected)
            .Select(x => $"{Path.GetRelativePath(Root(), x.file)}: namespace {x.declared}, its folder says {x.expected}")
            .ToList();
        Assert.True(misplaced.Count == 0, string.Join('\n', misplaced));
    }

    [Fact]
    public void The_check_reads_every_project_and_a_moved_file_fails_it()
    {
        var projects = Projects().ToList();
        Assert.Contains(projects, p => p.RootNamespace == "PoolDoctor" && Path.GetFileName(p.Folder) == "PoolDoctor");
        Assert.Contains(projects, p => p.RootNamespace == "PoolDoctor.Tests");
        Assert.True(projects.Count >= 12, $"{projects.Count} projects found");
        var tool = projects.Single(p => p.RootNamespace == "PoolDoctor");
        var diagnoseRun = Path.Combine(tool.Folder, "Verbs", "Diagnose", "DiagnoseRun.cs");
        Assert.Equal("PoolDoctor.Verbs.Diagnose", Expected(tool, diagnoseRun));
        Assert.NotEqual("PoolDoctor.Verbs.Diagnose", Expected(tool, Path.Combine(tool.Folder, "Runs", "DiagnoseRun.cs")));
        Assert.Equal("PoolDoctor.Verbs.Diagnose", Declared(diagnoseRun));
    }

    private sealed record Project(string Folder, string RootNamespace);

    private static IEnumerable<Project> Projects() =>
        new[] { "src", "tests", "fuzz", "bench" }
            .Select(dir => Path.Combine(Root(), dir))
            .Where(Directory.Exists)
            .SelectMany(dir => Directory.EnumerateFiles(dir, "*.csproj", SearchOption.AllDirectories))
            .Where(csproj => !IsUnder(csproj, "apps") && !IsUnder(csproj, "bin") && !IsUnder(csproj, "obj"))
            .Select(csproj => new Project(Path.GetDirectoryName(csproj)!,
                XDocument.Load(csproj).Descendants("RootNamespace").FirstOrDefault()?.Value ?? Path.GetFileNameWithoutExtension(csproj)));

    private static IEnumerable<string> Sources(string folder) =>
        Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(file => !IsUnder(file, "bin") && !IsUnder(file, "obj") && !IsUnder(file, "fixtures")
                && Path.GetDirectoryName(file) is { } dir && !Directory.EnumerateFiles(dir, "*.csproj").Any(csproj => Path.GetDirectoryName(csproj) != folder));

    private static string Expected(Project project, string file)
    {
        var relative = Path.GetRelativePath(project.Folder, Path.GetDirectoryName(file)!);
        return relative == "." ? project.RootNamespace : project.RootNamespace + "." + relative.Replace(Path.DirectorySeparatorChar, '.');
    }

    private static string? Declared(string file) =>
        File.ReadLines(file).Select(line => NamespaceLine().Match(line)).FirstOrDefault(m => m.Success)?.Groups[1].Value;

    private static bool IsUnder(string path, string folder) =>
        path.Contains($"{Path.DirectorySeparatorChar}{folder}{Path.DirectorySeparatorChar}", StringComparison.Ordinal);

    private static string Root([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", ".."));

    [GeneratedRegex(@"^namespace\s+([\w.]+)")]
    private static partial Regex NamespaceLine();
}
