using System.CommandLine.Parsing;
using System.Globalization;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// The parse of a typed whole-number option with a range of its own (`--connections`, `--process-id`): the same words
/// for a value that is no number as System.CommandLine's own conversion gets from <see cref="ParseErrors"/>, and the
/// option's own words for one out of its range.
/// </summary>
internal static class WholeNumbers
{
    /// <param name="check">The problem with a number (a whole line naming the option), or null when it is good.</param>
    public static int Parse(ArgumentResult result, string optionName, Func<int, string?> check)
    {
        // No value at all is System.CommandLine's own arity error ("needs a value").
        if (result.Tokens.Count == 0)
        {
            return default;
        }
        var text = result.Tokens[0].Value;
        if (!int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var number))
        {
            result.AddError($"{optionName}: '{text}' is not a whole number");
            return default;
        }
        if (check(number) is { } problem)
        {
            result.AddError(problem);
        }
        return number;
    }
}
