using PoolDoctor.Cli;
using PoolDoctor.Tests.Collect.Stacks;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Cli;

/// <summary>
/// Every verb writes through the console it is given (issue 33, item 6), tested in this process: each verb's help, and
/// the whole output of the verbs that need no target of their own (`ps` lists this test host; `analyze` reads a
/// recorded trace). The verbs that attach are run through the same console by DiagnoseConsoleTests, CounterRendererTests
/// and the option-error tests; ConsoleUseTests keeps the global Console out of the tool.
/// </summary>
public sealed class VerbOutputTests
{
    public static TheoryData<string> Verbs() => [.. CommandCatalog.All(new TestConsole()).Select(c => c.Name)];

    [Theory]
    [MemberData(nameof(Verbs))]
    public async Task A_verbs_help_reaches_the_injected_console(string verb)
    {
        var console = new TestConsole(width: 100);

        var code = await CliApp.RunAsync([verb, "--help"], console);

        Assert.Equal(0, code);
        // The usage line's first word is the executable's name: the test host here, dotnet-pooldoctor in a shell.
        Assert.Matches($@"Usage:\s+\S+ {verb} ", console.StdOut);
        Assert.Equal("", console.StdErr);
    }

    [Fact]
    public async Task Ps_lists_the_dotnet_processes_on_the_injected_console_and_not_itself()
    {
        var console = new TestConsole();

        var code = await CliApp.RunAsync(["ps"], console);

        // The test runner that started this host is a .NET process with a diagnostics socket; the host running the verb
        // is the tool here, which ps leaves out as dotnet-ps does.
        Assert.Equal(0, code);
        var pids = console.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => line.TrimStart().Split(' ')[0]).ToList();
        Assert.NotEmpty(pids);
        Assert.All(pids, pid => Assert.True(int.TryParse(pid, out _), $"'{pid}' does not start a process line"));
        Assert.DoesNotContain(Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), pids);
    }

    [Fact]
    public async Task Analyze_writes_the_grouped_stacks_of_a_recorded_trace_to_the_injected_console()
    {
        var console = new TestConsole();

        var code = await CliApp.RunAsync(["analyze", StackFixtures.PoolDoctorTaskWait], console);

        Assert.Equal(0, code);
        Assert.Contains("Stacks of pooldoctor-taskwait.nettrace.gz", console.StdOut);
        Assert.Contains("> DiagScenarioController.TaskWait", console.StdOut);
    }
}
