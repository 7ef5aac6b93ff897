using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

internal static class ConsoleCapture
{
    public static async Task<(int Code, string StdErr)> RunAsync(string[] args)
    {
        var original = Console.Error;
        using var writer = new StringWriter();
        Console.SetError(writer);
        try
        {
            var code = await CliApp.RunAsync(args);
            return (code, writer.ToString());
        }
        finally
        {
            Console.SetError(original);
        }
    }

    /// <summary>Also stdout, where --help goes.</summary>
    public static async Task<(int Code, string StdOut, string StdErr)> RunWithOutputAsync(string[] args)
    {
        var original = Console.Out;
        using var writer = new StringWriter();
        Console.SetOut(writer);
        try
        {
            var (code, stderr) = await RunAsync(args);
            return (code, writer.ToString(), stderr);
        }
        finally
        {
            Console.SetOut(original);
        }
    }
}
