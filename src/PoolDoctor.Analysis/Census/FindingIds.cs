using System.Security.Cryptography;
using System.Text;

namespace PoolDoctor.Analysis.Census;

/// <summary>
/// A finding's id: a hash of the call site's method, the blocking API and the entry that reached it. The line is left
/// out on purpose, so an edit above the call (or a reformat) keeps the id, and a baseline keeps matching.
/// </summary>
public static class FindingIds
{
    public static string Of(string method, string api, string? entry)
    {
        var bytes = SHA256.HashData(Encoding.UTF8.GetBytes($"{method}\n{api}\n{entry}"));
        return Convert.ToHexStringLower(bytes)[..16];
    }
}
