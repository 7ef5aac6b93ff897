using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'compare' verb.
internal static class CompareCommand
{
    public static Command Create()
    {
        var command = new Command("compare", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'compare' is not built yet")));
        return command;
    }
}
