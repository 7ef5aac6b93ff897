using Spectre.Console;

namespace PoolDoctor.Cli;

/// <summary>
/// A Spectre console over one of the tool console's streams, laid out at its width. A terminal gets colours and live
/// redraws; redirected output (a log, a CI job, the README) gets no colour codes and the wide fixed width of
/// <see cref="TerminalWidth.Redirected"/>, so tables do not wrap method names at Spectre's 80-column guess.
/// </summary>
internal static class TerminalConsole
{
    /// <summary>For stdout: the summaries.</summary>
    public static IAnsiConsole Create(IToolConsole console) => Over(console.Out, console.IsOutputRedirected, console.Width);

    /// <summary>For stderr: the live status line.</summary>
    public static IAnsiConsole ForError(IToolConsole console) => Over(console.Error, console.IsErrorRedirected, console.ErrorWidth);

    private static IAnsiConsole Over(TextWriter writer, bool redirected, int width)
    {
        var ansi = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Ansi = redirected ? AnsiSupport.No : AnsiSupport.Yes,
            ColorSystem = redirected ? ColorSystemSupport.NoColors : ColorSystemSupport.Detect,
            Interactive = redirected ? InteractionSupport.No : InteractionSupport.Yes,
            Out = new AnsiConsoleOutput(writer),
        });
        ansi.Profile.Width = width;
        return ansi;
    }
}
