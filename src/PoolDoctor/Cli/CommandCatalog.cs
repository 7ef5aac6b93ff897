using System.CommandLine;
using PoolDoctor.Cli.Verbs.Fix;

namespace PoolDoctor.Cli.Commands;

/// <summary>Every verb the tool offers, in the order `--help` lists them.</summary>
internal static class CommandCatalog
{
    public static IEnumerable<Command> All() =>
    [
        DemoCommand.Create(),
        DiagnoseCommand.Create(),
        CompareCommand.Create(),
        LoadCommand.Create(),
        LabCommand.Create(),
        PsCommand.Create(),
        CountersCommand.Create(),
        DetectCommand.Create(),
        WatchCommand.Create(),
        StacksCommand.Create(),
        AnalyzeCommand.Create(),
        DumpCommand.Create(),
        FixCommand.Create(),
    ];
}
