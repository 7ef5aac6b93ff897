using System.Security.Cryptography;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Workspace;

/// <summary>
/// Checks a source file here against the checksum the compiler wrote for it in the PDB of the build the report was
/// recorded from (the hash of the file's bytes as the compiler read them). A mismatch means the lines the report
/// names are not these lines: the fix is refused rather than applied to other code.
/// </summary>
public static class SourceChecksumCheck
{
    /// <summary>Null when the file matches; else the one line saying it does not.</summary>
    public static string? Mismatch(string path, SourceChecksum expected, string shownAs)
    {
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"{shownAs}: unreadable ({e.Message})";
        }
        var actual = Hash(expected.Algorithm, bytes);
        if (actual is null)
        {
            return null; // an algorithm this tool does not know: nothing to compare with, said nowhere else either
        }
        return string.Equals(actual, expected.Hex, StringComparison.OrdinalIgnoreCase)
            ? null
            : $"{shownAs} does not match the report's build (PDB {expected.Algorithm} {Short(expected.Hex)}, the file here {Short(actual)}): rebuild and record the report again, or check out the commit it was recorded from";
    }

    internal static string? Hash(string algorithm, byte[] bytes) => algorithm.ToLowerInvariant() switch
    {
        "sha256" => Convert.ToHexStringLower(SHA256.HashData(bytes)),
#pragma warning disable CA5350 // the PDB names the algorithm; older compilers wrote SHA-1 document checksums
        "sha1" => Convert.ToHexStringLower(SHA1.HashData(bytes)),
#pragma warning restore CA5350
        _ => null,
    };

    private static string Short(string hex) => hex.Length > 12 ? hex[..12] + "…" : hex;
}
