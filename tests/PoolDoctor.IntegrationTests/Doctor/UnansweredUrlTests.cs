using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// `diagnose --load URL -- COMMAND` where the URL never answers: the run waits out its 30 s readiness limit, then fails
/// with one line carrying the app's output and stops the app.
/// </summary>
// Apart from DiagnoseGateTests so it can run paired: it asserts an error line and a stopped app, no verdict or latency,
// and spends its 30 s idle, which the other paired lane uses.
public sealed class UnansweredUrlTests
{
    [Fact]
    public async Task A_url_that_never_answers_fails_with_one_line_and_the_apps_output()
    {
        var port = FreePort.Next();
        var output = Directory.CreateTempSubdirectory("pooldoctor-gate-").FullName;
        // The app listens on one port; --load names another where nothing answers.
        var result = await ToolRun.RunAsync(
            ["diagnose", "--load", $"http://127.0.0.1:{FreePort.Next()}/nothing", "-d", "40s", "-o", output, "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(90));

        Assert.Equal(1, result.ExitCode);
        var error = Assert.Single(result.StdErr.Trim().Split('\n'), l => l.Contains("error", StringComparison.Ordinal));
        Assert.Contains("did not answer within 30 s", error);
        Assert.Contains("PoolDoctor lab listening", error);
        LabStopped.Assert(port);
    }
}
