using PoolDoctor.Fix;
using PoolDoctor.Fix.Diff;
using PoolDoctor.Fix.StopGap;

namespace PoolDoctor.Tests.Fix;

/// <summary>
/// The stop-gap's three forms as edits of a project folder: created or merged runtimeconfig.template.json, the MSBuild
/// property added or updated, SetMinThreads before the first statement; each labelled a palliative. Whether the result
/// builds and sets the pool's minimum is the integration test's (StopGapFormTests).
/// </summary>
public sealed class StopGapEditsTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("pooldoctor-stopgap-").FullName;

    private string Project(string text)
    {
        var path = Path.Combine(_folder, "App.csproj");
        File.WriteAllText(path, text);
        return path;
    }

    [Fact]
    public void Runtimeconfig_template_is_created_with_the_key_and_the_diff_says_palliative()
    {
        var project = Project("<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n</Project>\n");
        var edit = StopGapEdits.For(project, 159, StopGapForm.RuntimeConfig);
        Assert.Null(edit.Before);
        Assert.Equal(Path.Combine(_folder, "runtimeconfig.template.json"), edit.Path);
        Assert.Equal(159, PoolDoctor.Collect.Attach.TargetMinThreads.FromRuntimeConfig("{\"runtimeOptions\":" + edit.After + "}"));
        var diff = EditDiff.Write([edit], _folder);
        Assert.StartsWith("# Stop-gap (System.Threading.ThreadPool.MinThreads in runtimeconfig.template.json): MinThreads = 159. PoolDoctor stop-gap, a palliative", diff, StringComparison.Ordinal);
        Assert.Contains("--- /dev/null\n+++ b/runtimeconfig.template.json\n@@ -0,0 +1,5 @@\n+{\n", diff, StringComparison.Ordinal);
    }

    [Fact]
    public void Runtimeconfig_template_that_exists_keeps_its_other_properties()
    {
        var project = Project("<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n");
        File.WriteAllText(Path.Combine(_folder, "runtimeconfig.template.json"),
            "{\n  // kept\n  \"configProperties\": { \"System.GC.Server\": true },\n  \"rollForward\": \"Major\"\n}\n");
        var edit = StopGapEdits.For(project, 40, StopGapForm.RuntimeConfig);
        Assert.NotNull(edit.Before);
        Assert.Contains("\"System.GC.Server\": true", edit.After, StringComparison.Ordinal);
        Assert.Contains("\"rollForward\": \"Major\"", edit.After, StringComparison.Ordinal);
        Assert.Contains("\"System.Threading.ThreadPool.MinThreads\": 40", edit.After, StringComparison.Ordinal);
    }

    [Fact]
    public void Msbuild_property_goes_at_the_end_of_the_first_unconditional_property_group_with_its_comment()
    {
        var project = Project(
            "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup Condition=\"'$(Configuration)' == 'Debug'\">\n    <Optimize>false</Optimize>\n  </PropertyGroup>\n  <PropertyGroup>\n    <OutputType>Exe</OutputType>\n  </PropertyGroup>\n</Project>\n");
        var edit = StopGapEdits.For(project, 131, StopGapForm.MsBuild);
        Assert.Equal(
            "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup Condition=\"'$(Configuration)' == 'Debug'\">\n    <Optimize>false</Optimize>\n  </PropertyGroup>\n  <PropertyGroup>\n    <OutputType>Exe</OutputType>\n"
            + $"    <!-- {StopGapEdits.Palliative} -->\n    <ThreadPoolMinThreads>131</ThreadPoolMinThreads>\n  </PropertyGroup>\n</Project>\n",
            edit.After);
    }

    [Fact]
    public void Msbuild_property_that_exists_gets_the_new_value_and_a_project_without_a_group_gets_one()
    {
        var existing = Project("<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <ThreadPoolMinThreads>8</ThreadPoolMinThreads>\n  </PropertyGroup>\n</Project>\n");
        Assert.Contains("<ThreadPoolMinThreads>131</ThreadPoolMinThreads>", StopGapEdits.For(existing, 131, StopGapForm.MsBuild).After, StringComparison.Ordinal);
        var bare = Project("<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n</Project>\n");
        Assert.Contains("<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <!-- ", StopGapEdits.For(bare, 131, StopGapForm.MsBuild).After, StringComparison.Ordinal);
    }

    [Fact]
    public void Code_goes_before_the_first_top_level_statement_after_the_usings()
    {
        var project = Project("<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n</Project>\n");
        File.WriteAllText(Path.Combine(_folder, "Program.cs"), "using System.Text;\n\n// start\nvar builder = WebApplication.CreateBuilder(args);\nbuilder.Build().Run();\n");
        var edit = StopGapEdits.For(project, 131, StopGapForm.Code);
        Assert.Equal(Path.Combine(_folder, "Program.cs"), edit.Path);
        Assert.StartsWith(
            $"using System.Text;\n\n// start\n// {StopGapEdits.Palliative}\n{{\n    System.Threading.ThreadPool.GetMinThreads(out _, out var completionPortThreads);\n    System.Threading.ThreadPool.SetMinThreads(131, completionPortThreads);\n}}\nvar builder",
            edit.After,
            StringComparison.Ordinal);
    }

    [Fact]
    public void Code_goes_first_in_a_static_Main_with_its_indentation_and_bin_obj_are_not_read()
    {
        var project = Project("<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n");
        Directory.CreateDirectory(Path.Combine(_folder, "obj"));
        File.WriteAllText(Path.Combine(_folder, "obj", "Generated.cs"), "System.Console.WriteLine();\n");
        File.WriteAllText(Path.Combine(_folder, "Entry.cs"), "namespace App;\n\ninternal static class Entry\n{\n    private static async Task Main(string[] args)\n    {\n        await Task.Yield();\n    }\n}\n");
        var edit = StopGapEdits.For(project, 64, StopGapForm.Code);
        Assert.Equal(Path.Combine(_folder, "Entry.cs"), edit.Path);
        Assert.Contains("    {\n        // PoolDoctor stop-gap", edit.After, StringComparison.Ordinal);
        Assert.Contains("        System.Threading.ThreadPool.SetMinThreads(64, completionPortThreads);\n        }\n        await Task.Yield();", edit.After, StringComparison.Ordinal);
    }

    [Fact]
    public void Code_without_an_entry_point_is_refused_in_one_line()
    {
        var project = Project("<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n");
        File.WriteAllText(Path.Combine(_folder, "Lib.cs"), "namespace App;\n\npublic static class Lib\n{\n    public static int Main => 1;\n}\n");
        var refused = Assert.Throws<FixRefusedException>(() => StopGapEdits.For(project, 64, StopGapForm.Code));
        Assert.Contains("no top-level statements and no static Main", refused.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', refused.Message);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
