using System.Text;

namespace PoolDoctor.Analysis.Census;

/// <summary>
/// A finding's id: a hash (64-bit FNV-1a over UTF-8, as 16 hex digits; Analysis stays free of the crypto stack) of the
/// call site's method, the blocking API and the entry that reached it. The line is left out on purpose, so an edit above
/// the call (or a reformat) keeps the id, and a baseline keeps matching.
/// </summary>
public static class FindingIds
{
    private const ulong Offset = 14695981039346656037;
    private const ulong Prime = 1099511628211;

    public static string Of(string method, string api, string? entry)
    {
        var hash = Offset;
        foreach (var b in Encoding.UTF8.GetBytes($"{method}\n{api}\n{entry}"))
        {
            hash = unchecked((hash ^ b) * Prime);
        }
        return hash.ToString("x16", System.Globalization.CultureInfo.InvariantCulture);
    }
}
