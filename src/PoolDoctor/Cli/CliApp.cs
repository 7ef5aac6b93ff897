using System.CommandLine;

namespace PoolDoctor.Cli;

/// <summary>
/// Builds the verb tree and turns every failure into one line on stderr and an exit code:
/// users of a diagnostics tool must never see a stack trace from the tool itself.
/// </summary>
public static class CliApp
{
    public const string ToolName = "dotnet-pooldoctor";

    /// <summary>
    /// The verb tree; when <paramref name="args"/> begins with a verb's name, that verb alone (the others are not
    /// constructed: a verb's run, its help and its errors only read its own branch). Without one, every verb, for the
    /// root's help and for suggestions on a mistyped name.
    /// </summary>
    public static RootCommand BuildRoot(string[]? args = null) => BuildRoot(args, SystemConsole.Instance);

    internal static RootCommand BuildRoot(string[]? args, IToolConsole console)
    {
        var root = new RootCommand("PoolDoctor: find out why a .NET service's ThreadPool starves, name the blocking code, and verify the fix.");
        var named = args is [var first, ..] ? CommandCatalog.Only(first, console) : null;
        foreach (var verb in named is null ? CommandCatalog.All(console) : [named])
        {
            root.Subcommands.Add(verb);
        }
        HelpLayout.Apply(root);
        return root;
    }

    public static Task<int> RunAsync(string[] args, CancellationToken cancellation = default) =>
        RunAsync(args, SystemConsole.Instance, cancellation);

    /// <summary>A run whose every line goes to <paramref name="console"/> (tests pass one of their own).</summary>
    internal static async Task<int> RunAsync(string[] args, IToolConsole console, CancellationToken cancellation = default)
    {
        var root = BuildRoot(args, console);
        var parsed = root.Parse(args);
        Collect.SelfTiming.ToolTimeline.Mark("parsed");
        if (!HelpLayout.IsHelp(parsed) && ParseErrors.First(parsed) is { } problem)
        {
            return RunEndExits.Exit(console.Error, new RunEnd(RunEndKind.Usage, $"{problem} ({ParseErrors.HelpPointer(parsed)})"));
        }

        try
        {
            // On Ctrl+C verbs must still stop their EventPipe session and print partial results; a rundown can take
            // seconds, so the default 2 s before System.CommandLine force-exits with 130 is too short.
            var configuration = new InvocationConfiguration
            {
                Output = console.Out,
                Error = console.Error,
                EnableDefaultExceptionHandler = false,
                ProcessTerminationTimeout = TimeSpan.FromSeconds(60),
            };
            return await parsed.InvokeAsync(configuration, cancellation);
        }
        catch (Exception e)
        {
            return ReportFailure(console.Error, e, ParseErrors.HelpPointer(parsed));
        }
        finally
        {
            Collect.SelfTiming.ToolTimeline.Mark("exit");
            Collect.SelfTiming.ToolTimeline.Print(console.Error);
        }
    }

    /// <summary>Maps an exception to its one-line message and exit code (through <see cref="RunEndExits"/>); verbs call it too when they catch late.</summary>
    /// <param name="helpPointer">For a bad call: where the verb's usage is read (`see 'dotnet-pooldoctor VERB --help'`).</param>
    public static int ReportFailure(TextWriter error, Exception e, string? helpPointer = null)
    {
        var end = RunEndExits.From(e, helpPointer);
        var code = RunEndExits.Exit(error, end);
        if (end.Kind == RunEndKind.RunFailed && Environment.GetEnvironmentVariable("POOLDOCTOR_DEBUG") == "1")
        {
            error.WriteLine(e);
        }
        return code;
    }
}
