using System.Text.Json;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

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

    [Fact]
    public void Report_json_gives_every_frame_with_a_file_its_repositoryFile_beside_file()
    {
        using var json = JsonDocument.Parse(ReportJsonWriter.Write(WithFrames(Report(sourceUrl: null))));
        var culprit = json.RootElement.GetProperty("culprits")[0];
        var chain = culprit.GetProperty("chainFrames");
        Assert.Equal(FrameAbsolute, chain[0].GetProperty("file").GetString());
        Assert.Equal(FrameRelative, chain[0].GetProperty("repositoryFile").GetString());
        Assert.Equal(Relative, chain[1].GetProperty("repositoryFile").GetString());
        var example = culprit.GetProperty("exampleFrames");
        Assert.Equal(FrameRelative, example[0].GetProperty("repositoryFile").GetString());
        // A frame whose root is unknown keeps its file and line, and gets no repositoryFile.
        Assert.Equal("/opt/loose/Helper.cs", example[1].GetProperty("file").GetString());
        Assert.False(example[1].TryGetProperty("repositoryFile", out _));
        Assert.False(example[2].TryGetProperty("file", out _));
    }

    [Fact]
    public void Report_html_shows_the_repository_path_of_every_frame_it_gives_a_line_for()
    {
        var html = ReportHtmlWriter.Write(WithFrames(Report(sourceUrl: null)));
        Assert.Contains($"<code>Program.Main ({FrameRelative}:7)</code>", html);
        Assert.Contains($"<li>Program.Main ({FrameRelative}:7)</li>", html);
        Assert.Contains("<li>Helper.Wrap (Helper.cs:3)</li>", html);
        Assert.DoesNotContain(FrameAbsolute, html);
    }

    [Fact]
    public void The_terminal_chain_keeps_the_file_name_it_always_printed()
    {
        var culprit = WithFrames(Report(sourceUrl: null)).Culprits[0];
        Assert.Contains($"chain: Program.Main (Program.cs:7) -> {culprit.Method} (DiagScenarioController.cs:42)", CulpritLines.Describe(culprit));
    }

    private const string FrameAbsolute = "/home/build/agent/_work/3/s/src/Lab/Program.cs";
    private const string FrameRelative = "src/Lab/Program.cs";

    // The culprit's chain and example stack with lines: two frames in the repository, one outside it, one without a line.
    private static PoolDoctor.Model.Diagnosis.DiagnosisReport WithFrames(PoolDoctor.Model.Diagnosis.DiagnosisReport report)
    {
        var c = report.Culprits[0];
        var inRepo = new PoolDoctor.Model.Stacks.SourceLocation(FrameAbsolute, 7) { RepositoryFile = FrameRelative };
        return report with
        {
            Culprits =
            [
                c with
                {
                    Chain = [new("Program.Main", inRepo), new(c.Method, new PoolDoctor.Model.Stacks.SourceLocation(Absolute, 42) { RepositoryFile = Relative })],
                    Example = [new("Program.Main", inRepo), new("Helper.Wrap", new PoolDoctor.Model.Stacks.SourceLocation("/opt/loose/Helper.cs", 3)), new("Task<TResult>.Result")],
                },
            ],
        };
    }

    private static PoolDoctor.Model.Diagnosis.DiagnosisReport Report(string? sourceUrl)
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var c = report.Culprits[0];
        return report with { Culprits = [c with { Site = c.Site with { File = Absolute, Line = 42, RepositoryFile = Relative, SourceUrl = sourceUrl } }] };
    }
}
