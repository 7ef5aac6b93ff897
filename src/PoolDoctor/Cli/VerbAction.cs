using System.CommandLine;

namespace PoolDoctor.Cli;

/// <summary>A verb's action returns how its run ended; <see cref="RunEndExits"/> alone turns that into an exit code.</summary>
internal static class VerbAction
{
    public static void Set(Command command, Func<ParseResult, CancellationToken, Task<RunEnd>> run) =>
        command.SetAction(async (parse, cancellation) => RunEndExits.Exit(parse.InvocationConfiguration.Error, await run(parse, cancellation)));

    public static void Set(Command command, Func<ParseResult, RunEnd> run) =>
        command.SetAction(parse => RunEndExits.Exit(parse.InvocationConfiguration.Error, run(parse)));
}
