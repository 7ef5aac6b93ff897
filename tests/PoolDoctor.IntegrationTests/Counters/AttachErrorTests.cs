using System.Diagnostics;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Counters;

/// <summary>Every way attaching can fail ends in one line on stderr and exit code 1 or 2, for each attaching verb.</summary>
public class AttachErrorTests
{
    private static void AssertOneLineError(ToolResult run, int exitCode, string expected)
    {
        Assert.True(run.ExitCode == exitCode, run.ToString());
        var error = Assert.Single(run.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("dotnet-pooldoctor: error: ", error, StringComparison.Ordinal);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.StdOut + run.StdErr, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("counters")]
    [InlineData("detect")]
    public async Task No_such_pid(string verb)
    {
        var pid = Enumerable.Range(4_000_000, 1000).First(p => !Directory.Exists($"/proc/{p}"));
        AssertOneLineError(await ToolRun.RunAsync(verb, "-p", pid.ToString()), 1, $"no process with id {pid}");
    }

    [Fact]
    public async Task A_process_that_is_not_dotnet()
    {
        using var sleep = Process.Start("sleep", "30");
        try
        {
            AssertOneLineError(await ToolRun.RunAsync("counters", "-p", sleep.Id.ToString()), 1, "is not a .NET process");
        }
        finally
        {
            sleep.Kill();
        }
    }

    [Fact]
    public async Task A_dotnet_process_without_diagnostics()
    {
        await using var lab = await LabProcess.StartAsync(environment: new Dictionary<string, string> { ["DOTNET_EnableDiagnostics"] = "0" });
        AssertOneLineError(await ToolRun.RunAsync("detect", "-p", lab.ProcessId.ToString()), 1, "DOTNET_EnableDiagnostics=0");
    }

    [Fact]
    public async Task An_unknown_name()
    {
        AssertOneLineError(await ToolRun.RunAsync("counters", "-n", "no-such-service-7f3a"), 1, "no .NET process named 'no-such-service-7f3a'");
    }

    [Fact]
    public async Task An_ambiguous_name_lists_the_matches()
    {
        await using var first = await LabProcess.StartAsync();
        await using var second = await LabProcess.StartAsync();
        var run = await ToolRun.RunAsync("detect", "-n", "dotnet-pooldoctor");
        AssertOneLineError(run, 1, "matches");
        Assert.Contains(first.ProcessId.ToString(), run.StdErr, StringComparison.Ordinal);
        Assert.Contains(second.ProcessId.ToString(), run.StdErr, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("counters")]
    [InlineData("detect")]
    public async Task No_target_is_a_usage_error(string verb)
    {
        AssertOneLineError(await ToolRun.RunAsync(verb), 2, "-p/--process-id");
    }

    [Theory]
    [InlineData("counters", "--format", "xml")]
    [InlineData("counters", "--duration", "soon")]
    [InlineData("detect", "--timeout", "0s")]
    public async Task Bad_option_values_are_usage_errors(string verb, string option, string value)
    {
        AssertOneLineError(await ToolRun.RunAsync(verb, "-p", Environment.ProcessId.ToString(), option, value), 2, option);
    }
}
