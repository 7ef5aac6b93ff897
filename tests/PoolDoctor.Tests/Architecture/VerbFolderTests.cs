using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace PoolDoctor.Tests.Architecture;

/// <summary>
/// A verb's folder is its own (issue 33, item 5): no verb names another verb's namespace, and the shared folders
/// (<c>Runs/</c>, <c>Cli/</c>) name none but in the one catalog of verbs. What several verbs run (the variant runner that
/// compare, demo and fix --verify share; the load options; the stack display) lives in a shared folder named for what
/// it is, so a change to it is visibly a change to every verb that uses it.
/// </summary>
public sealed partial class VerbFolderTests
{
    private const string CatalogFile = "CommandCatalog.cs";

    [Fact]
    public void No_verb_and_no_shared_folder_names_a_verbs_namespace()
    {
        var tool = Path.Combine(Root(), "src", "PoolDoctor");
        var crossings = Directory.EnumerateFiles(tool, "*.cs", SearchOption.AllDirectories)
            .Where(file => !file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !file.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && Path.GetFileName(file) != CatalogFile)
            .SelectMany(file => File.ReadLines(file).Select((line, index) => (file, line, index)))
            .SelectMany(x => VerbNamespace().Matches(x.line.Split("//", 2)[0]).Select(m => (x.file, x.index, verb: m.Groups[1].Value)))
            .Where(x => x.verb != OwnVerb(tool, x.file))
            .Select(x => $"{Path.GetRelativePath(Root(), x.file)}:{x.index + 1} names PoolDoctor.Verbs.{x.verb}")
            .ToList();
        Assert.True(crossings.Count == 0, string.Join('\n', crossings));
    }

    [Fact]
    public void The_check_sees_a_verbs_namespace_in_a_using_and_in_a_qualified_name()
    {
        Assert.Equal("Compare", VerbNamespace().Match("using PoolDoctor.Verbs.Compare;").Groups[1].Value);
        Assert.Equal("Fix", VerbNamespace().Match("        await PoolDoctor.Verbs.Fix.DemoFix.RunAsync(").Groups[1].Value);
        Assert.DoesNotMatch(VerbNamespace(), "namespace PoolDoctor.Runs.Variants;");
        Assert.True(File.Exists(Path.Combine(Root(), "src", "PoolDoctor", "Cli", CatalogFile)), "the catalog moved: update this test");
    }

    /// <summary>The verb whose folder holds the file, or null for the shared folders.</summary>
    private static string? OwnVerb(string tool, string file)
    {
        var parts = Path.GetRelativePath(tool, file).Split(Path.DirectorySeparatorChar);
        return parts.Length > 2 && parts[0] == "Verbs" ? parts[1] : null;
    }

    private static string Root([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", ".."));

    [GeneratedRegex(@"(?<![\w.])(?:PoolDoctor\.)?Verbs\.([A-Z]\w*)(?=[.;])")]
    private static partial Regex VerbNamespace();
}
