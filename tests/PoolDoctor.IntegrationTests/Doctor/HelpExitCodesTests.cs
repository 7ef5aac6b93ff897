using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>Every verb's `--help` (and the root's) ends with the exit codes a script tests.</summary>
public sealed class HelpExitCodesTests
{
    public static TheoryData<string> Verbs() =>
        ["", "demo", "diagnose", "compare", "load", "lab", "ps", "counters", "detect", "watch", "stacks", "analyze", "dump", "fix"];

    [Theory]
    [MemberData(nameof(Verbs))]
    public async Task Help_lists_the_exit_codes(string verb)
    {
        var result = await ToolRun.RunAsync(verb.Length == 0 ? ["--help"] : [verb, "--help"], TimeSpan.FromSeconds(30));

        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StdOut.Split('\n').Select(l => l.TrimEnd()).ToList();
        var at = lines.IndexOf("Exit codes:");
        Assert.True(at > 0, result.StdOut);
        var codes = lines.Skip(at + 1).TakeWhile(l => l.Length > 0).Select(l => l.Trim().Split(' ')[0]).ToList();
        Assert.Equal(["0", "1", "2", "3", "130"], codes);
    }
}
