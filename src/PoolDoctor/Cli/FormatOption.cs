using System.CommandLine;

namespace PoolDoctor.Cli;

/// <summary>
/// The one `--format text|json` option: typed, text by default, and any other word a usage error that names the
/// option and the choices.
/// </summary>
internal static class FormatOption
{
    public static Option<OutputFormat> Create(string description) => new("--format")
    { HelpName = "text|json",
        Description = description,
        DefaultValueFactory = _ => OutputFormat.Text,
        CustomParser = result =>
        {
            var text = result.Tokens.Count > 0 ? result.Tokens[0].Value : "";
            if (text.Length > 0 && text.All(char.IsAsciiLetter) && Enum.TryParse<OutputFormat>(text, ignoreCase: true, out var format))
            {
                return format;
            }
            result.AddError($"--format: '{text}' is not one of text, json");
            return OutputFormat.Text;
        },
    };
}
