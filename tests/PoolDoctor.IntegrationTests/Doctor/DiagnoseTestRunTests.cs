using System.Text.Json;
using System.Xml.Linq;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// The CI gate around a user's own test run: `diagnose --fail-on starving -- dotnet test` follows the command's process
/// tree (dotnet → MSBuild/vstest → testhost), diagnoses the testhost that runs the tests, lets the run finish, and exits
/// 3 when the tests starved the pool, 0 when they did not, with a JUnit summary either way.
/// </summary>
public sealed class DiagnoseTestRunTests
{
    [Fact]
    public async Task A_test_that_blocks_on_async_code_fails_the_gate_with_exit_3()
    {
        var (result, output) = await DiagnoseTestRun("Blocking_bulk_lookup");

        Assert.True(result.ExitCode == 3, result.ToString());
        Assert.Matches(@"Diagnosing testhost \(pid \d+\)", result.StdErr);
        Assert.Contains("--fail-on starving fails", result.StdErr);
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        Assert.Equal("Starving", report.RootElement.GetProperty("verdict").GetString());
        Assert.Contains(report.RootElement.GetProperty("culprits").EnumerateArray(), c => c.GetProperty("method").GetString() == "OrderClient.Lookup");
        var suite = XDocument.Load(Path.Combine(output, "junit.xml")).Root!.Element("testsuite")!;
        Assert.Equal("1", suite.Attribute("failures")!.Value);
        Assert.Contains("Starving", suite.Element("testcase")!.Element("failure")!.Attribute("message")!.Value);
    }

    [Fact]
    public async Task The_same_lookup_awaited_passes_the_gate_with_exit_0()
    {
        var (result, output) = await DiagnoseTestRun("Async_bulk_lookup");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("--fail-on starving passes", result.StdErr);
        var suite = XDocument.Load(Path.Combine(output, "junit.xml")).Root!.Element("testsuite")!;
        Assert.Equal("0", suite.Attribute("failures")!.Value);
        // vstest's own message loop and the xunit adapter keep two pool threads blocked in the testhost for the whole
        // run, which may read as BlockingCompensated; what the gate needs is that the awaited lookup never starves the pool.
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        Assert.Matches("^(Healthy|BlockingCompensated)$", report.RootElement.GetProperty("verdict").GetString());
        Assert.DoesNotContain(report.RootElement.GetProperty("culprits").EnumerateArray(), c => c.GetProperty("method").GetString()!.StartsWith("OrderClient", StringComparison.Ordinal));
        // The watch saw the tests run: samples cover the 10 s the test takes.
        Assert.True(report.RootElement.GetProperty("samples").GetArrayLength() >= 5, report.RootElement.GetProperty("samples").GetArrayLength().ToString());
    }

    [Fact]
    public async Task A_test_run_that_fails_before_its_tests_start_exits_1_with_one_line()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-testrun-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--fail-on", "starving", "-o", output, "--child", "no-such-host", "--",
             ToolPaths.DotnetHost, "test", Path.Combine(output, "missing.csproj")],
            TimeSpan.FromSeconds(120), unset: NestedDotnet.InheritedMsBuildVariables());

        Assert.True(result.ExitCode == 1, result.ToString());
        var error = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries), l => l.Contains("error", StringComparison.Ordinal));
        Assert.Contains("before a process named 'no-such-host' started", error);
    }

    [Fact]
    public async Task Show_child_io_streams_the_failing_tests_name_and_message_prefixed()
    {
        var result = await DiagnoseInvoiceTests("--show-child-io");

        Assert.True(result.ExitCode == 1, result.ToString());
        var lines = result.StdErr.Split('\n');
        Assert.Contains(lines, l => l.StartsWith("[dotnet] ", StringComparison.Ordinal) && l.Contains("Invoice_total_includes_the_tax", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.StartsWith("[dotnet] ", StringComparison.Ordinal) && l.Contains("the invoice total 100 left out the 10 % tax", StringComparison.Ordinal));
        Assert.EndsWith("the command exited with code 1", result.StdErr.TrimEnd(), StringComparison.Ordinal);
        // Streamed already: no second copy of the tail.
        Assert.DoesNotContain("the command's last output", result.StdErr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_show_child_io_a_failed_test_run_still_shows_its_last_lines()
    {
        var result = await DiagnoseInvoiceTests();

        Assert.True(result.ExitCode == 1, result.ToString());
        var tail = result.StdErr[result.StdErr.IndexOf("the command's last output (exit code 1", StringComparison.Ordinal)..];
        Assert.Contains("Invoice_total_includes_the_tax", tail, StringComparison.Ordinal);
        Assert.Contains("the invoice total 100 left out the 10 % tax", tail, StringComparison.Ordinal);
        Assert.EndsWith("the command exited with code 1", result.StdErr.TrimEnd(), StringComparison.Ordinal);
    }

    private static async Task<ToolResult> DiagnoseInvoiceTests(params string[] options)
    {
        var project = await OrderTestsBuild.InvoiceProjectAsync();
        var output = Directory.CreateTempSubdirectory("pooldoctor-testrun-").FullName;
        return await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", .. options, "--fail-on", "starving", "-o", output, "--",
             ToolPaths.DotnetHost, "test", project, "-c", "Release", "--no-build"],
            TimeSpan.FromSeconds(120),
            new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1" },
            NestedDotnet.InheritedMsBuildVariables());
    }

    private static async Task<(ToolResult Result, string Output)> DiagnoseTestRun(string test)
    {
        var project = await OrderTestsBuild.ProjectAsync();
        var output = Directory.CreateTempSubdirectory("pooldoctor-testrun-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--fail-on", "starving", "--junit", Path.Combine(output, "junit.xml"), "-o", output, "--",
             ToolPaths.DotnetHost, "test", project, "-c", "Release", "--no-build", "--filter", $"FullyQualifiedName~{test}"],
            TimeSpan.FromSeconds(120),
            new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1" },
            NestedDotnet.InheritedMsBuildVariables());
        var projectDir = Path.GetDirectoryName(project)!;
        Assert.False(AnyProcessMentions(projectDir), $"a process of the test run ({projectDir}) still runs after diagnose exited");
        return (result, output);
    }

    private static bool AnyProcessMentions(string text) => System.Diagnostics.Process.GetProcesses().Any(p =>
    {
        try
        {
            return File.ReadAllText($"/proc/{p.Id}/cmdline").Contains(text, StringComparison.Ordinal);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    });
}
