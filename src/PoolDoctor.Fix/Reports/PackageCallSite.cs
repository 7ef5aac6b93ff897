using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Reports;

/// <summary>
/// A culprit that blocks inside a package the app calls (EF Core's SaveChanges blocking in the provider's socket read):
/// the package's code is not the user's to rewrite, but the app's own call into it is, and the report's chain names
/// that frame with its file and line. The culprit becomes that call site, so the fix awaits the twin of the call the
/// user wrote. A lock inside a package stays as it is: awaiting the call into it does not undo the convoy.
/// </summary>
internal static class PackageCallSite
{
    public static Culprit AtUserCall(Culprit culprit)
    {
        if (culprit.Package is null || culprit.Kind == BlockingKind.Lock)
        {
            return culprit;
        }
        var last = -1;
        for (var i = 0; i < culprit.Chain.Count; i++)
        {
            if (culprit.Chain[i].Source is not null)
            {
                last = i;
            }
        }
        if (last < 0)
        {
            return culprit;
        }
        var frame = culprit.Chain[last].Source!;
        return culprit with
        {
            Method = culprit.Chain[last].Method,
            Site = culprit.Site with { File = frame.File, Line = frame.Line, SourceUrl = frame.SourceUrl, RepositoryFile = frame.RepositoryFile },
            Package = null,
            Chain = [.. culprit.Chain.Take(last + 1)],
        };
    }
}
