using System.CommandLine;

namespace PoolDoctor.Cli.Options;

/// <summary>A URL the built-in load may target (`load URL`, `diagnose --load URL`): absolute, http:// or https://.</summary>
internal static class LoadUrl
{
    /// <param name="option">The option the URL came with, named in the error (null: the verb's argument).</param>
    public static Uri Parse(string text, string? option = null) =>
        TryParse(text, option, out var url, out var problem) ? url : throw new UsageException(problem!);

    /// <summary>A repeatable URL option (`diagnose --load`), typed and checked while parsing.</summary>
    public static Option<Uri[]> CreateOption(string name, string description) => new(name)
    {
        HelpName = "URL",
        Description = description,
        AllowMultipleArgumentsPerToken = false,
        CustomParser = result =>
        {
            var urls = new List<Uri>();
            foreach (var token in result.Tokens)
            {
                if (!TryParse(token.Value, name, out var url, out var problem))
                {
                    result.AddError(problem!);
                    return [];
                }
                urls.Add(url);
            }
            return [.. urls];
        },
    };

    private static bool TryParse(string text, string? option, out Uri url, out string? problem)
    {
        var prefix = option is null ? "" : option + ": ";
        problem = null;
        if (!Uri.TryCreate(text, UriKind.Absolute, out url!) || string.IsNullOrEmpty(url.Host))
        {
            problem = $"{prefix}'{text}' is not a valid URL (expected e.g. http://127.0.0.1:5000/path)";
            return false;
        }
        if (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps)
        {
            problem = $"{prefix}'{text}': only http:// and https:// URLs can be loaded";
            return false;
        }
        return true;
    }
}
