using System.Text.Json;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Doctor;

/// <summary>A culprit's file from its repository's root beside the PDB's path: JSON keeps both, the page shows the short one, the terminal the local one.</summary>
public sealed class RepositoryFileOutputTests
{
    private const string Absolute = "/home/build/agent/_work/3/s/src/Lab/DiagScenarioController.cs";
    private const string Relative = "src/Lab/DiagScenarioController.cs";

    [Fact]
    public void Report_json_keeps_file_and_adds_repositoryFile()
    {
        using var json = JsonDocument.Parse(ReportJsonWriter.Write(Report(sourceUrl: null)));
        var culprit = json.RootElement.GetProperty("culprits")[0];
        Assert.Equal(Absolute, culprit.GetProperty("file").GetString());
        Assert.Equal(Relative, culprit.GetProperty("repositoryFile").GetString());
    }

    [Fact]
    public void Report_html_shows_the_repository_path_with_the_build_machines_in_its_title()
    {
        var html = ReportHtmlWriter.Write(Report(sourceUrl: null));
        Assert.Contains($"<div class=\"at\">at <code title=\"{Absolute}\">{Relative}:42</code></div>", html);
    }

    [Fact]
    public void With_Source_Link_the_repository_path_links_to_the_url()
    {
        const string url = "https://github.com/contoso/lab/blob/abc123/src/Lab/DiagScenarioController.cs#L42";
        var html = ReportHtmlWriter.Write(Report(url));
        Assert.Contains($"<a href=\"{url}\"><code title=\"{Absolute}\">{Relative}:42</code></a>", html);
    }

    [Fact]
    public void The_terminal_keeps_the_path_on_this_machine_where_a_terminal_can_open_it()
    {
        var culprit = Report(sourceUrl: null).Culprits[0];
        Assert.Contains($"at {Absolute}:42", CulpritLines.Describe(culprit));
    }

    private static Model.Diagnosis.DiagnosisReport Report(string? sourceUrl)
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var c = report.Culprits[0];
        return report with { Culprits = [c with { Site = c.Site with { File = Absolute, Line = 42, RepositoryFile = Relative, SourceUrl = sourceUrl } }] };
    }
}
