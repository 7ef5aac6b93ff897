using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'stacks' verb.
internal static class StacksCommand
{
    public static Command Create()
    {
        var command = new Command("stacks", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'stacks' is not built yet")));
        return command;
    }
}
