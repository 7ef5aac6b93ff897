using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

/// <summary>Runs the CLI in-process and checks the exit-code contract: 2 for a bad call, one line on stderr.</summary>
[Collection(ConsoleCollection.Name)]
public sealed class CliErrorTests
{
    [Fact]
    public async Task Unknown_verb_is_a_usage_error()
    {
        var (code, stderr) = await ConsoleCapture.RunAsync(["no-such-verb"]);
        Assert.Equal(ExitCodes.Usage, code);
        Assert.Single(stderr.Trim().Split('\n'));
    }

    [Fact]
    public async Task Lab_rejects_a_url_that_is_not_http_with_one_line()
    {
        var (code, stderr) = await ConsoleCapture.RunAsync(["lab", "--urls", "ftp://127.0.0.1:21"]);
        Assert.Equal(ExitCodes.Usage, code);
        Assert.Contains("--urls", stderr);
        Assert.Single(stderr.Trim().Split('\n'));
    }
}
