using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'load' verb.
internal static class LoadCommand
{
    public static Command Create()
    {
        var command = new Command("load", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'load' is not built yet")));
        return command;
    }
}
