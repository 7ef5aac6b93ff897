namespace PoolDoctor.Fix.Reports;

/// <summary>
/// A culprit that blocks inside a package the app calls (EF Core's SaveChanges blocking in the provider's socket read):
/// the package's code is not the user's to rewrite, but the app's own call into it is, and the report's chain names
/// that frame with its file and line. The culprit becomes that call site, so the fix awaits the twin of the call the
/// user wrote. A lock inside a package stays as it is: awaiting the call into it does not undo the convoy.
/// </summary>
internal static class PackageCallSite
{
    public static ReportCulprit AtUserCall(ReportCulprit culprit)
    {
        if (culprit.Package is null || culprit.Kind == "Lock")
        {
            return culprit;
        }
        var last = -1;
        for (var i = 0; i < culprit.Chain.Count; i++)
        {
            if (culprit.Chain[i].File is not null && culprit.Chain[i].Line is not null)
            {
                last = i;
            }
        }
        if (last < 0)
        {
            return culprit;
        }
        var frame = culprit.Chain[last];
        return culprit with
        {
            Method = frame.Method,
            File = frame.File,
            Line = frame.Line,
            Checksum = frame.Checksum,
            Package = null,
            Chain = [.. culprit.Chain.Take(last + 1)],
        };
    }
}
