using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'counters' verb.
internal static class CountersCommand
{
    public static Command Create()
    {
        var command = new Command("counters", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'counters' is not built yet")));
        return command;
    }
}
