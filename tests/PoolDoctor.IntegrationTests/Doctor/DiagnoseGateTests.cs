using System.Text.Json;
using System.Xml.Linq;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// `diagnose --load URL ... -- COMMAND` on an app the tool starts itself (the lab, launched the way a user launches their
/// service), with the CI gate `--fail-on` and its JUnit summary.
/// </summary>
public sealed class DiagnoseGateTests
{
    [Fact]
    public async Task Fail_on_starving_exits_3_on_taskwait_with_a_junit_failure_and_stops_the_app()
    {
        // A CI gate that keeps only the verdict: --no-evidence leaves the capture's files out.
        var (result, output, port) = await DiagnoseLaunchedLab("taskwait", "20s", "--no-evidence");

        Assert.True(result.ExitCode == 3, result.ToString());
        Assert.Contains("--fail-on starving fails", result.StdErr);
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        Assert.Equal("Starving", report.RootElement.GetProperty("verdict").GetString());
        Assert.Contains("TaskWait", report.RootElement.GetProperty("culprits")[0].GetProperty("method").GetString());
        Assert.Equal(JsonValueKind.Null, report.RootElement.GetProperty("evidenceFiles").ValueKind);
        Assert.Equal(["junit.xml", "report.html", "report.json"], Directory.GetFiles(output).Select(Path.GetFileName).Order(StringComparer.Ordinal));

        var junit = XDocument.Load(Path.Combine(output, "junit.xml"));
        var suite = junit.Root!.Element("testsuite")!;
        Assert.Equal("1", suite.Attribute("tests")!.Value);
        Assert.Equal("1", suite.Attribute("failures")!.Value);
        Assert.Contains("Starving", suite.Element("testcase")!.Element("failure")!.Attribute("message")!.Value);
        Assert.Contains($"load http://127.0.0.1:{port}/api/diagscenario/taskwait", result.StdOut);
        LabStopped.Assert(port);

        // The default --baseline (3 s) watches the pool before the load starts: the record opens on a quiet pool, and
        // the load's first second comes after it.
        var root = report.RootElement;
        var loadStart = (root.GetProperty("load").GetProperty("series")[0].GetProperty("atUtc").GetDateTimeOffset()
            - root.GetProperty("startedUtc").GetDateTimeOffset()).TotalSeconds;
        Assert.InRange(loadStart, 1.9, 8);
        var before = root.GetProperty("samples").EnumerateArray().Where(s => s.GetProperty("seconds").GetDouble() < loadStart).ToList();
        Assert.True(before.Count >= 2, $"{before.Count} samples before the load started at {loadStart:0.0} s");
        Assert.All(before, s => Assert.True(s.GetProperty("queueLength").GetDouble() <= 2, s.ToString()));
        Assert.True(root.GetProperty("verdictAtSeconds").GetDouble() > loadStart, result.ToString());
        Assert.Contains("class=\"marker load-moment\"", await File.ReadAllTextAsync(Path.Combine(output, "report.html")));
    }

    [Fact]
    public async Task Fail_on_starving_exits_0_on_taskasyncwait_with_a_passing_junit_case()
    {
        var (result, output, port) = await DiagnoseLaunchedLab("taskasyncwait", "8s");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("--fail-on starving passes", result.StdErr);
        var suite = XDocument.Load(Path.Combine(output, "junit.xml")).Root!.Element("testsuite")!;
        Assert.Equal("0", suite.Attribute("failures")!.Value);
        Assert.Null(suite.Element("testcase")!.Element("failure"));
        // The load reached the app: the closing line counts answered requests.
        var loadLine = result.StdOut.Split('\n').Single(l => l.StartsWith("load ", StringComparison.Ordinal));
        var requests = int.Parse(loadLine.Split(": ")[1].Split(' ')[0]);
        Assert.True(requests > 100, loadLine);
        LabStopped.Assert(port);
    }

    private static async Task<(ToolResult Result, string Output, int Port)> DiagnoseLaunchedLab(string route, string duration, params string[] options)
    {
        var port = FreePort.Next();
        var output = Directory.CreateTempSubdirectory("pooldoctor-gate-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--load", $"http://127.0.0.1:{port}/api/diagscenario/{route}", "-c", "125", "-d", duration,
             "--fail-on", "starving", "--junit", Path.Combine(output, "junit.xml"), "-o", output, .. options, "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(120));
        return (result, output, port);
    }
}
