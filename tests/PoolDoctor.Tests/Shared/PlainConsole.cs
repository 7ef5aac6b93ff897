using Spectre.Console;

namespace PoolDoctor.Tests.Shared;

/// <summary>A Spectre console that writes plain text (no colour, no ANSI) of a fixed width into a writer, as a pipe would.</summary>
internal static class PlainConsole
{
    public static IAnsiConsole Create(TextWriter writer, int width)
    {
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(writer),
            Ansi = AnsiSupport.No,
            ColorSystem = ColorSystemSupport.NoColors,
            Interactive = InteractionSupport.No,
        });
        console.Profile.Width = width;
        return console;
    }
}
