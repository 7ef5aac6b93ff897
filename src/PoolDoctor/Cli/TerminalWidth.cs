using System.Globalization;

namespace PoolDoctor.Cli;

/// <summary>
/// The columns the tool lays its text out for. COLUMNS, when set to a number, wins (on a terminal and in a pipe), as it
/// does for `ls` and Python's get_terminal_size: a user who sets it means it. Else a terminal's own width; else, for a
/// log or a pipe, <see cref="Redirected"/> columns, so a CI log never gets a method name wrapped at a guessed 80.
/// </summary>
internal static class TerminalWidth
{
    public const int Redirected = 200;

    /// <summary>Narrower than this, nothing is readable; the floor keeps a 1-column COLUMNS from breaking every word.</summary>
    public const int Minimum = 40;

    /// <summary>What a terminal that cannot say its width is taken for.</summary>
    public const int Fallback = 80;

    public static int Of(string? columns, bool redirected, Func<int> terminalWidth)
    {
        if (int.TryParse(columns, NumberStyles.None, CultureInfo.InvariantCulture, out var set) && set > 0)
        {
            return Math.Max(set, Minimum);
        }
        if (redirected)
        {
            return Redirected;
        }
        var width = terminalWidth();
        return width > 0 ? Math.Max(width, Minimum) : Fallback;
    }
}
