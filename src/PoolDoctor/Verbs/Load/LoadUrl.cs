namespace PoolDoctor.Cli.Commands;

/// <summary>A URL the built-in load may target (`load URL`, `diagnose --load URL`): absolute, http:// or https://.</summary>
internal static class LoadUrl
{
    /// <param name="option">The option the URL came with, named in the error (null: the verb's argument).</param>
    public static Uri Parse(string text, string? option = null)
    {
        var prefix = option is null ? "" : option + ": ";
        if (!Uri.TryCreate(text, UriKind.Absolute, out var url) || string.IsNullOrEmpty(url.Host))
        {
            throw new UsageException($"{prefix}'{text}' is not a valid URL (expected e.g. http://127.0.0.1:5000/path)");
        }
        if (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps)
        {
            throw new UsageException($"{prefix}'{text}': only http:// and https:// URLs can be loaded");
        }
        return url;
    }
}
