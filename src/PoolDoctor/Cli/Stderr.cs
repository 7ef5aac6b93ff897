namespace PoolDoctor.Cli;

/// <summary>
/// The one way the CLI writes a line on stderr: prefixed with the tool's name and, for notes, warnings and errors, the
/// word that says which, so scripts and people read every verb's lines alike.
/// </summary>
internal static class Stderr
{
    public static void Line(string text) => AmbientConsole.Current.Error.WriteLine($"{CliApp.ToolName}: {text}");

    public static void Note(string text) => Line($"note: {text}");

    public static void Warning(string text) => Line($"warning: {text}");

    public static void Error(string text) => Line($"error: {text}");
}
