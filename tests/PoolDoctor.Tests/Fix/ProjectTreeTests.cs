using PoolDoctor.Fix;
using PoolDoctor.Fix.Diff;
using PoolDoctor.Fix.Trees;

namespace PoolDoctor.Tests.Fix;

/// <summary>
/// What `fix --verify` copies: the app's project folder, the folders of the projects it references (transitively),
/// the build settings above them, laid out as in the repository; never bin, obj or unrelated folders. And a patch
/// rebased into the copy lands there, never in the original.
/// </summary>
public sealed class ProjectTreeTests : IDisposable
{
    private readonly string _repo = Directory.CreateTempSubdirectory("pooldoctor-tree-").FullName;
    private readonly string _copy = Directory.CreateTempSubdirectory("pooldoctor-tree-copy-").FullName;

    private void Write(string relative, string text = "x")
    {
        var path = Path.Combine(_repo, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }

    [Fact]
    public void The_copy_holds_the_referenced_projects_and_the_settings_above_them_and_nothing_else()
    {
        Directory.CreateDirectory(Path.Combine(_repo, ".git"));
        Write("Directory.Build.props");
        Write(".editorconfig");
        Write("src/Directory.Packages.props");
        Write("samples/Host/Host.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"><ItemGroup><ProjectReference Include=\"..\\..\\src\\Lib\\Lib.csproj\" /></ItemGroup></Project>");
        Write("samples/Host/Program.cs");
        Write("samples/Host/bin/Release/Host.dll");
        Write("samples/Host/obj/project.assets.json");
        Write("src/Lib/Lib.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup><ProjectReference Include=\"../Core/Core.csproj\" /></ItemGroup></Project>");
        Write("src/Lib/Deep/Thing.cs");
        Write("src/Core/Core.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\" />");
        Write("src/Unrelated/Unrelated.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\" />");
        Write("docs/big.md");

        var tree = ProjectTree.Of(Path.Combine(_repo, "samples/Host/Host.csproj"));
        Assert.Equal(_repo, tree.Root);
        var project = tree.CopyTo(_copy);

        Assert.Equal(Path.Combine(_copy, "samples", "Host", "Host.csproj"), project);
        var copied = Directory.EnumerateFiles(_copy, "*", SearchOption.AllDirectories).Select(f => Path.GetRelativePath(_copy, f).Replace('\\', '/')).Order(StringComparer.Ordinal);
        Assert.Equal(
            [".editorconfig", "Directory.Build.props", "samples/Host/Host.csproj", "samples/Host/Program.cs", "src/Core/Core.csproj", "src/Directory.Packages.props", "src/Lib/Deep/Thing.cs", "src/Lib/Lib.csproj"],
            copied);

        var edit = new FileEdit(Path.Combine(_repo, "src/Lib/Deep/Thing.cs"), "x", "patched").Rebased(_repo, _copy);
        edit.Apply();
        Assert.Equal("patched", File.ReadAllText(Path.Combine(_copy, "src/Lib/Deep/Thing.cs")));
        Assert.Equal("x", File.ReadAllText(Path.Combine(_repo, "src/Lib/Deep/Thing.cs")));
    }

    [Fact]
    public void A_missing_referenced_project_or_an_edit_outside_the_tree_is_refused_in_one_line()
    {
        Write("App/App.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup><ProjectReference Include=\"../Gone/Gone.csproj\" /></ItemGroup></Project>");
        var missing = Assert.Throws<FixRefusedException>(() => ProjectTree.Of(Path.Combine(_repo, "App/App.csproj")));
        Assert.Contains("Gone.csproj does not exist", missing.Message, StringComparison.Ordinal);
        var outside = Assert.Throws<FixRefusedException>(() => new FileEdit("/elsewhere/File.cs", "", "").Rebased(_repo, _copy));
        Assert.Contains("outside the copied tree", outside.Message, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        Directory.Delete(_repo, recursive: true);
        Directory.Delete(_copy, recursive: true);
    }
}
