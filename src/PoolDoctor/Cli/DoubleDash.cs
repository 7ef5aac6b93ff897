namespace PoolDoctor.Cli;

/// <summary>Verbs that take values and a command to launch (`compare`, `diagnose`, `fix`) read both from one argument.</summary>
internal static class DoubleDash
{
    /// <summary>The values before '--' (URLs, reports) and the command after it; both arrive in the one variadic argument.</summary>
    internal static (IReadOnlyList<string> Before, IReadOnlyList<string> Command) Split(
        string[] values, IReadOnlyList<System.CommandLine.Parsing.Token> tokens)
    {
        var dash = -1;
        for (var i = 0; i < tokens.Count; i++)
        {
            if (tokens[i].Value == "--" && tokens[i].Type == System.CommandLine.Parsing.TokenType.DoubleDash)
            {
                dash = i;
                break;
            }
        }
        if (dash < 0)
        {
            return (values, []);
        }
        var after = Math.Min(tokens.Count - dash - 1, values.Length);
        return (values[..^after], values[^after..]);
    }
}
