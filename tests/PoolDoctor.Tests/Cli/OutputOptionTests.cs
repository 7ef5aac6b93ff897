using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Cli;

/// <summary>`-o` names the output file in every verb; `diagnose -o DIR` and `demo -o DIR` (the old form) still work.</summary>
public sealed class OutputOptionTests
{
    [Fact]
    public void Every_verbs_output_option_names_a_file()
    {
        var outputs = CliApp.BuildRoot().Subcommands
            .SelectMany(verb => verb.Options.Where(o => o.Name == "--output").Select(o => (Verb: verb.Name, Option: o)))
            .ToList();
        Assert.Equal(["census", "demo", "diagnose", "dump", "fix", "stacks"], outputs.Select(o => o.Verb).Order(StringComparer.Ordinal));
        Assert.All(outputs, o =>
        {
            Assert.Contains("-o", o.Option.Aliases);
            Assert.Contains("FILE", o.Option.HelpName, StringComparison.Ordinal);
        });
    }

    [Theory]
    [InlineData("r1/report.json", "r1", "report")]
    [InlineData("r1/incident.html", "r1", "incident")]
    [InlineData("incident.JSON", ".", "incident")]
    public void A_json_or_html_path_is_the_report_file_and_its_twin_goes_beside_it(string path, string directory, string name)
    {
        var report = ReportPath.Parse(path);
        Assert.False(report.FolderForm);
        Assert.Equal(directory, report.Directory);
        Assert.Equal(Path.Combine(directory, name + ".json"), report.Json);
        Assert.Equal(Path.Combine(directory, name + ".html"), report.Html);
    }

    [Fact]
    public void A_folder_is_the_old_form_with_report_json_and_html_inside()
    {
        var report = ReportPath.Parse("r1");
        Assert.True(report.FolderForm);
        Assert.Equal(Path.Combine("r1", "report.json"), report.Json);
        Assert.Equal(Path.Combine("r1", "report.html"), report.Html);

        // An existing folder whose name ends in .json is still a folder.
        var folder = Directory.CreateTempSubdirectory("pooldoctor-o-").FullName + ".json";
        Directory.CreateDirectory(folder);
        Assert.True(ReportPath.Parse(folder).FolderForm);
    }

    [Fact]
    public async Task The_report_files_are_written_where_o_names_them()
    {
        var folder = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-o-").FullName, "incident-42");
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var (json, html) = await PoolDoctor.Runs.ReportFileWriter.WriteAsync(report, ReportPath.Parse(Path.Combine(folder, "incident.json")));
        Assert.Equal(Path.Combine(folder, "incident.json"), json);
        Assert.Equal(Path.Combine(folder, "incident.html"), html);
        Assert.Equal(["incident.html", "incident.json"], Directory.GetFiles(folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("diagnose")]
    [InlineData("demo")]
    public async Task A_file_given_as_the_old_folder_form_is_a_bad_call_naming_the_option(string verb)
    {
        var file = Path.GetTempFileName();
        var (code, stderr) = await ConsoleCapture.RunAsync([verb, "-o", file, .. verb == "diagnose" ? new[] { "-p", "1" } : []]);
        Assert.Equal(ExitCodes.Usage, code);
        Assert.Contains($"--output: '{file}' is a file, not a directory", stderr);
    }
}
