using System.CommandLine;

namespace PoolDoctor.Cli.Commands;

// PLACEHOLDER: replaced by the issue that builds the 'diagnose' verb.
internal static class DiagnoseCommand
{
    public static Command Create()
    {
        var command = new Command("diagnose", "(not built yet)");
        command.SetAction(new Func<ParseResult, int>(_ => throw new RunFailedException("'diagnose' is not built yet")));
        return command;
    }
}
