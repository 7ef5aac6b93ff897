using System.CommandLine;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// The one `--format` option: typed, the enum's first value by default (no default factory: the help says it in lower
/// case in the description instead of `[default: Text]`), and any other word a usage error that names the option and
/// the choices.
/// </summary>
internal static class FormatOption
{
    public static Option<OutputFormat> Create(string description) => Create<OutputFormat>(description);

    /// <summary>A verb's own choices (`counters` adds csv); the help and the error list the enum's names in lower case.</summary>
    public static Option<T> Create<T>(string description) where T : struct, Enum
    {
        var names = Enum.GetNames<T>().Select(n => n.ToLowerInvariant()).ToArray();
        return new("--format")
        {
            HelpName = string.Join('|', names),
            Description = description,
            CustomParser = result =>
            {
                var text = result.Tokens.Count > 0 ? result.Tokens[0].Value : "";
                // Letters only: Enum.TryParse would also take "1" or "text,json".
                if (text.Length > 0 && text.All(char.IsAsciiLetter) && Enum.TryParse<T>(text, ignoreCase: true, out var format))
                {
                    return format;
                }
                result.AddError($"--format: '{text}' is not one of {string.Join(", ", names)}");
                return default;
            },
        };
    }
}
