using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'analyze' verb.
internal static class AnalyzeCommand
{
    public static Command Create()
    {
        var command = new Command("analyze", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'analyze' is not built yet")));
        return command;
    }
}
