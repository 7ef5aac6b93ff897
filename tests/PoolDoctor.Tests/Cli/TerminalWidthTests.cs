using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

public sealed class TerminalWidthTests
{
    [Theory]
    [InlineData("140", false, 80, 140)] // COLUMNS on a pty wins over the terminal's own answer
    [InlineData("140", true, 0, 140)] // and in a pipe
    [InlineData(null, false, 97, 97)] // else the terminal's width
    [InlineData(null, false, 0, TerminalWidth.Fallback)] // a terminal that cannot say
    [InlineData(null, true, 97, TerminalWidth.Redirected)] // a log or a pipe: wide, never a guessed 80
    [InlineData("abc", false, 120, 120)] // a COLUMNS that is not a number is ignored
    [InlineData("0", true, 0, TerminalWidth.Redirected)]
    [InlineData("5", false, 120, TerminalWidth.Minimum)] // too narrow to read anything: the floor
    public void Columns_then_the_terminal_then_the_redirected_width(string? columns, bool redirected, int terminal, int expected)
    {
        Assert.Equal(expected, TerminalWidth.Of(columns, redirected, () => terminal));
    }
}
