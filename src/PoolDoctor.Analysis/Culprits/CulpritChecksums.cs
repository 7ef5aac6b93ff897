using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>The PDB checksums of the files a culprit names (its call site and its chain's frames), so a report says
/// which build its lines belong to and `fix` can refuse sources that changed since.</summary>
public static class CulpritChecksums
{
    public static IReadOnlyDictionary<string, SourceChecksum> Of(IReadOnlyDictionary<string, SourceChecksum> all, Culprit culprit)
    {
        var files = culprit.Chain.Select(f => f.Source?.File).Append(culprit.Site.File).OfType<string>().Distinct(StringComparer.Ordinal);
        var found = new Dictionary<string, SourceChecksum>(StringComparer.Ordinal);
        foreach (var file in files)
        {
            if (all.TryGetValue(file, out var sum))
            {
                found[file] = sum;
            }
        }
        return found;
    }
}
