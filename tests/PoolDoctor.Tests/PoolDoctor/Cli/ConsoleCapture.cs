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
}
