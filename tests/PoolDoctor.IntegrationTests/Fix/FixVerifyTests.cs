using System.Globalization;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.Lab.Scenarios;
using Xunit.Abstractions;

namespace PoolDoctor.IntegrationTests.Fix;

/// <summary>
/// Issue 21 item 2: `fix REPORT --verify --load URL -- COMMAND` on the lab's source (samples/DiagnosticScenarios, which
/// builds src/PoolDoctor.Lab): the report comes from a real `diagnose --load` of the lab, the fix is the rewrite of its
/// culprit, and the original and the patched copy are built in Release and run as fresh processes under the same
/// load. The checkout is never written to (git's view of the lab's folders is compared before and after).
/// </summary>
public sealed class FixVerifyTests(ITestOutputHelper output)
{
    private static readonly string DiagnosticScenarios = Path.Combine("samples", "DiagnosticScenarios", "DiagnosticScenarios.csproj");

    [Theory]
    [InlineData(LabHost.Mvc, "taskwait")]
    [InlineData(LabHost.Minimal, "taskwait")]
    public async Task Verify_turns_the_starving_lab_route_healthy_with_more_requests_served(LabHost host, string route)
    {
        var scenario = LabScenarios.Find(host, route)!;
        var repository = ToolPaths.RepositoryRoot();
        var before = await SourceState.ReadAsync(repository);
        var report = await DiagnoseAsync(scenario);

        var port = FreePort.Next().ToString(CultureInfo.InvariantCulture);
        var verify = await ToolRun.RunAsync(
            ["fix", report, "--project", Path.Combine(repository, DiagnosticScenarios), "--verify", "--load", $"http://127.0.0.1:{port}{scenario.Path}", "-d", "6s",
             "--", "dotnet", "bin/Release/net10.0/DiagnosticScenarios.dll", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromMinutes(6), unset: NestedDotnet.InheritedMsBuildVariables());
        output.WriteLine(verify.ToString());
        Assert.True(verify.ExitCode == 0, verify.ToString());
        Assert.Contains("+++ b/", verify.StdOut, StringComparison.Ordinal);
        var rows = TableRows(verify.StdOut);
        Assert.True(rows.Before.Contains("Starving", StringComparison.Ordinal), verify.ToString());
        Assert.True(rows.After.Contains("Healthy", StringComparison.Ordinal), verify.ToString());
        Assert.Contains("The fix helped", verify.StdOut, StringComparison.Ordinal);
        Assert.Equal(before, await SourceState.ReadAsync(repository));
    }

    /// <summary>
    /// The exit-3 path: a patch that changes nothing the pool feels (the stop-gap at MinThreads 1, no higher than the
    /// runtime's own minimum; the recorded report's culprit has no source line, so no rewrite joins it) leaves the
    /// blocking route starving: exit 3, the judgement, and the culprit the patched build's capture named.
    /// </summary>
    [Fact]
    public async Task Verify_of_a_patch_that_does_not_help_exits_3_with_the_culprit_still_blocking()
    {
        var scenario = LabScenarios.Find(LabHost.Mvc, "taskwait")!;
        var repository = ToolPaths.RepositoryRoot();
        var report = Path.Combine(repository, "tests", "PoolDoctor.Tests", "snapshots", "report.json");
        var port = FreePort.Next().ToString(CultureInfo.InvariantCulture);
        var verify = await ToolRun.RunAsync(
            ["fix", report, "--project", Path.Combine(repository, DiagnosticScenarios), "--stop-gap", "--min-threads", "1", "--verify",
             "--load", $"http://127.0.0.1:{port}{scenario.Path}", "-d", "6s",
             "--", "dotnet", "bin/Release/net10.0/DiagnosticScenarios.dll", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromMinutes(6), unset: NestedDotnet.InheritedMsBuildVariables());
        output.WriteLine(verify.ToString());
        Assert.True(verify.ExitCode == 3, verify.ToString());
        var rows = TableRows(verify.StdOut);
        Assert.True(rows.After.Contains("Starving", StringComparison.Ordinal), verify.ToString());
        Assert.Contains("The fix did not help: the patched build still starves", verify.StdOut, StringComparison.Ordinal);
        Assert.Contains($"Still blocking after the fix: {scenario.CallSite}", verify.StdOut, StringComparison.Ordinal);
    }

    private static async Task<string> DiagnoseAsync(LabScenario scenario)
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-fixverify-").FullName;
        var port = FreePort.Next().ToString(CultureInfo.InvariantCulture);
        var diagnose = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--load", $"http://127.0.0.1:{port}{scenario.Path}", "-d", "30s", "-o", folder,
             "--", ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromMinutes(2));
        Assert.True(diagnose.ExitCode == 0, diagnose.ToString());
        return Path.Combine(folder, "report.json");
    }

    private static (string Before, string After) TableRows(string stdout)
    {
        var lines = stdout.Split('\n');
        return (lines.LastOrDefault(l => l.TrimStart().StartsWith("before", StringComparison.Ordinal)) ?? "",
                lines.LastOrDefault(l => l.TrimStart().StartsWith("after (fixed)", StringComparison.Ordinal)) ?? "");
    }
}
