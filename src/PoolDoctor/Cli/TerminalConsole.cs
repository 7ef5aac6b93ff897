using Spectre.Console;

namespace PoolDoctor.Cli.Doctor;

/// <summary>
/// The console the doctor's summaries go to. Redirected output (a log, a CI job, the README) gets no colour codes and a
/// fixed 200-column width, so tables do not wrap method names at Spectre's 80-column guess.
/// </summary>
internal static class TerminalConsole
{
    public static IAnsiConsole Create()
    {
        if (!Console.IsOutputRedirected)
        {
            return AnsiConsole.Console;
        }
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Ansi = AnsiSupport.No,
            ColorSystem = ColorSystemSupport.NoColors,
            Interactive = InteractionSupport.No,
            Out = new AnsiConsoleOutput(Console.Out),
        });
        console.Profile.Width = 200;
        return console;
    }
}
