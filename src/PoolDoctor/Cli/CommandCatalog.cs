using System.CommandLine;
using PoolDoctor.Verbs.Analyze;
using PoolDoctor.Verbs.Census;
using PoolDoctor.Verbs.Compare;
using PoolDoctor.Verbs.Counters;
using PoolDoctor.Verbs.Demo;
using PoolDoctor.Verbs.Detect;
using PoolDoctor.Verbs.Diagnose;
using PoolDoctor.Verbs.Dump;
using PoolDoctor.Verbs.Fix;
using PoolDoctor.Verbs.Lab;
using PoolDoctor.Verbs.Load;
using PoolDoctor.Verbs.Ps;
using PoolDoctor.Verbs.Stacks;
using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Cli;

/// <summary>Every verb the tool offers, in the order `--help` lists them.</summary>
internal static class CommandCatalog
{
    // Name and factory of each verb: a run builds only the verb it names (see CliApp.BuildRoot), so `detect` does not pay
    // for constructing (and JIT-compiling) the eleven others before it attaches.
    private static readonly (string Name, Func<IToolConsole, Command> Create)[] Verbs =
    [
        ("demo", DemoCommand.Create),
        ("diagnose", DiagnoseCommand.Create),
        ("compare", CompareCommand.Create),
        ("load", LoadCommand.Create),
        ("lab", LabCommand.Create),
        ("ps", PsCommand.Create),
        ("counters", CountersCommand.Create),
        ("detect", DetectCommand.Create),
        ("watch", WatchCommand.Create),
        ("stacks", StacksCommand.Create),
        ("analyze", AnalyzeCommand.Create),
        ("dump", DumpCommand.Create),
        ("fix", FixCommand.Create),
        ("census", CensusCommand.Create),
    ];

    public static IEnumerable<Command> All(IToolConsole console) => Verbs.Select(v => v.Create(console));

    /// <summary>The verb named <paramref name="name"/> alone, or null when no verb has that name.</summary>
    public static Command? Only(string name, IToolConsole console) =>
        Array.Find(Verbs, v => v.Name == name) is { Create: not null } verb ? verb.Create(console) : null;
}
