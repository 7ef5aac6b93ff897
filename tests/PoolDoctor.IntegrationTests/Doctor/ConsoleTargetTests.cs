using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// A target without ASP.NET Core (tests/apps/ConsoleWorker, Release): a console worker whose pool jobs block on
/// <c>.Result</c>. `diagnose -- dotnet app.dll` must still give the verdict and the culprit, with an entry from the
/// stacks, and say that no request events were seen.
/// </summary>
public sealed class ConsoleTargetTests
{
    [Fact]
    public async Task A_console_worker_without_aspnetcore_is_diagnosed_with_its_culprit_and_says_no_request_was_seen()
    {
        var app = ToolPaths.TestAppDll("ConsoleWorker");
        Assert.True(File.Exists(app), $"{app} is missing: build PoolDoctor.slnx");
        var output = Directory.CreateTempSubdirectory("pooldoctor-console-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--duration", "30s", "-o", output, "--", ToolPaths.DotnetHost, app, "45"], TimeSpan.FromSeconds(120));
        Assert.True(result.ExitCode == 0, result.ToString());

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Contains(root.GetProperty("verdict").GetString(), new[] { "Starving", "BlockingCompensated" });
        var top = root.GetProperty("culprits")[0];
        Assert.Equal("InvoiceJobs.Settle", top.GetProperty("method").GetString());
        Assert.Equal("SyncOverAsync", top.GetProperty("kind").GetString());
        Assert.Contains("Program.Main", top.GetProperty("entry").GetString(), StringComparison.Ordinal);
        Assert.Equal(0, root.GetProperty("capture").GetProperty("requestThreads").GetInt32());
        Assert.Single(result.StdOut.Split('\n'), l => l.Contains("no ASP.NET Core request events were seen", StringComparison.Ordinal));
    }
}
