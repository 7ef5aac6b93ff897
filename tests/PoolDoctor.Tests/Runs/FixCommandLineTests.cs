using PoolDoctor.Cli.Options;
using PoolDoctor.Tests.Shared;
using PoolDoctor.Verbs.Diagnose;

namespace PoolDoctor.Tests.Runs;

public sealed class FixCommandLineTests
{
    [Fact]
    public void A_launched_run_under_load_gets_the_verify_form_with_the_culprits_project_relative_to_here()
    {
        var root = Directory.CreateTempSubdirectory("pooldoctor-fixcmd-").FullName;
        try
        {
            var project = Path.Combine(root, "src", "Shop");
            Directory.CreateDirectory(Path.Combine(project, "Controllers"));
            File.WriteAllText(Path.Combine(project, "Shop.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk.Web\" />");
            var file = Path.Combine(project, "Controllers", "OrdersController.cs");
            File.WriteAllText(file, "// the culprit's file");
            var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
            report = report with { Culprits = [report.Culprits[0] with { Site = report.Culprits[0].Site with { File = file } }] };
            var run = new DiagnoseOptions("r1", [new Uri("http://127.0.0.1:5080/api/orders")], 125, null, null)
            {
                LaunchCommand = ["dotnet", "run", "--", "--urls", "http://127.0.0.1:5080", "it's"],
            };

            // Run in the project's folder: fix --verify reruns the command in each copy's folder, so it is offered.
            Assert.Equal(
                "dotnet-pooldoctor fix r1/report.json --project Shop.csproj --verify --load http://127.0.0.1:5080/api/orders -c 125 "
                + "-- dotnet run -- --urls http://127.0.0.1:5080 'it'\\''s'",
                FixCommandLine.For(report, Path.Combine(project, "r1", "report.json"), run, workingDirectory: project));
            // From the repository's root, the copy's folder is not where the command ran: no --verify, only the fix.
            Assert.Equal(
                "dotnet-pooldoctor fix r1/report.json --project src/Shop/Shop.csproj",
                FixCommandLine.For(report, Path.Combine(root, "r1", "report.json"), run with { LaunchCommand = ["dotnet", "run", "--project", "src/Shop"] }, workingDirectory: root));
            // An absolute path would start the same unpatched build in both copies (the README's lab): no --verify.
            Assert.DoesNotContain("--verify", FixCommandLine.For(report, Path.Combine(project, "r1", "report.json"),
                run with { LaunchCommand = ["dotnet", "/opt/tool/dotnet-pooldoctor.dll", "lab"] }, workingDirectory: project));
            // fix --verify loads with GET: a POST run is not offered a verification that would send other requests.
            Assert.DoesNotContain("--verify", FixCommandLine.For(report, Path.Combine(project, "r1", "report.json"),
                run with { LoadRequest = new LoadRequest("POST", [], "{}"u8.ToArray()) }, workingDirectory: project));
            // Attached with -p: no launched command, so no --verify; a report elsewhere is named by its full path.
            Assert.Equal(
                $"dotnet-pooldoctor fix /elsewhere/report.json --project {Path.Combine(project, "Shop.csproj")}",
                FixCommandLine.For(report, "/elsewhere/report.json", run with { LaunchCommand = [] }, workingDirectory: Path.Combine(root, "docs")));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void No_project_when_the_culprits_file_is_not_here_and_no_command_without_a_fix()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        var gone = report with { Culprits = [report.Culprits[0] with { Site = report.Culprits[0].Site with { File = "/nowhere/X.cs" } }] };
        var run = new DiagnoseOptions("out", [], 125, null, null);
        Assert.Equal("dotnet-pooldoctor fix out/report.json", FixCommandLine.For(gone, "out/report.json", run, workingDirectory: "/tmp"));
        Assert.Null(FixCommandLine.For(report with { Culprits = [] }, "out/report.json", run));
        Assert.Equal("'a b'", FixCommandLine.Quoted("a b"));
        Assert.Equal("''", FixCommandLine.Quoted(""));
    }
}
