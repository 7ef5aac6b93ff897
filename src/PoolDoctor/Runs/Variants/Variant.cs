namespace PoolDoctor.Runs.Variants;

/// <summary>One URL to compare, with the name its row shows: `NAME=URL`, or a name taken from the URL's path.</summary>
internal sealed record Variant(string Name, Uri Url)
{
    private const string LabPrefix = PoolDoctor.Lab.LabRoutes.Mvc + "/";

    public static Variant Parse(string text)
    {
        var equals = text.IndexOf('=', StringComparison.Ordinal);
        var scheme = text.IndexOf("://", StringComparison.Ordinal);
        // "a=http://..." names a variant; an '=' inside the URL (a query string) does not.
        var (name, urlText) = equals > 0 && (scheme < 0 || equals < scheme) ? (text[..equals].Trim(), text[(equals + 1)..].Trim()) : (null, text.Trim());
        if (!Uri.TryCreate(urlText, UriKind.Absolute, out var url) || (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps) || string.IsNullOrEmpty(url.Host))
        {
            throw new UsageException($"'{text}' is not [NAME=]URL with an http:// or https:// URL");
        }
        if (name is { Length: 0 })
        {
            throw new UsageException($"'{text}': the name before '=' is empty");
        }
        return new Variant(name ?? NameFromPath(url), url);
    }

    private static string NameFromPath(Uri url)
    {
        var path = url.AbsolutePath;
        if (path.StartsWith(LabPrefix, StringComparison.OrdinalIgnoreCase) && path.Length > LabPrefix.Length)
        {
            return path[LabPrefix.Length..].TrimEnd('/');
        }
        var trimmed = path.Trim('/');
        return trimmed.Length > 0 ? trimmed : url.Authority;
    }
}
