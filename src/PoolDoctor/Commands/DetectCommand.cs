using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'detect' verb.
internal static class DetectCommand
{
    public static Command Create()
    {
        var command = new Command("detect", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'detect' is not built yet")));
        return command;
    }
}
