using PoolDoctor.Cli;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Cli;

/// <summary>A whole run of the CLI in this process, its output read from the injected console it was given.</summary>
internal static class ConsoleCapture
{
    public static async Task<(int Code, string StdErr)> RunAsync(string[] args)
    {
        var (code, _, stderr) = await RunWithOutputAsync(args);
        return (code, stderr);
    }

    /// <summary>Also stdout, where --help goes.</summary>
    public static async Task<(int Code, string StdOut, string StdErr)> RunWithOutputAsync(string[] args)
    {
        var console = new TestConsole();
        var code = await CliApp.RunAsync(args, console);
        return (code, console.StdOut, console.StdErr);
    }
}
