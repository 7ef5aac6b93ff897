namespace PoolDoctor.Cli;

/// <summary>
/// The one way the CLI writes a line on stderr: prefixed with the tool's name and, for notes, warnings and errors, the
/// word that says which, so scripts and people read every verb's lines alike. Always to the run's own stderr (the
/// injected console's, or the writer System.CommandLine was given for it), never the process's global one.
/// </summary>
internal static class Stderr
{
    public static void Line(TextWriter error, string text) => error.WriteLine($"{CliApp.ToolName}: {text}");

    public static void Line(IToolConsole console, string text) => Line(console.Error, text);

    public static void Note(IToolConsole console, string text) => Line(console, $"note: {text}");

    public static void Warning(IToolConsole console, string text) => Line(console, $"warning: {text}");

    public static void Error(TextWriter error, string text) => Line(error, $"error: {text}");
}
