namespace PoolDoctor.Cli;

/// <summary>
/// A launched command's output on the doctor's stderr, each line prefixed with the command's name so it is never
/// taken for the doctor's own (stdout stays the doctor's: `compare --format json` must remain parseable). Streamed with
/// `--show-child-io`; without it a command that fails still gets its last lines shown, since a failing test's name and
/// message are what the user needs first.
/// </summary>
internal sealed class ChildOutput(IToolConsole console, string command, LiveStatusLine? status)
{
    private readonly string _prefix = $"[{Path.GetFileName(command)}] ";

    public void Line(string line)
    {
        if (status is null)
        {
            console.Error.WriteLine(_prefix + line);
        }
        else
        {
            status.WriteAbove(_prefix + line);
        }
    }

    /// <summary>The tail of a command that failed while its output was not streamed.</summary>
    public void Tail(IReadOnlyList<string> lines, int exitCode)
    {
        if (lines.Count == 0)
        {
            return;
        }
        status?.Clear();
        Stderr.Line(console, $"the command's last output (exit code {exitCode}; --show-child-io streams all of it):");
        foreach (var line in lines)
        {
            console.Error.WriteLine(_prefix + line);
        }
    }
}
