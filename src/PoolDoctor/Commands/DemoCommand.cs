using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'demo' verb.
internal static class DemoCommand
{
    public static Command Create()
    {
        var command = new Command("demo", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'demo' is not built yet")));
        return command;
    }
}
