using PoolDoctor.Model.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Census;

/// <summary>Where a finding's fix goes, as the outputs name it: the file from the repository's root when known.</summary>
internal static class CensusLocation
{
    /// <summary>The file as a repository-relative path (`src/Shop/Orders.cs`), else the PDB's path; null when unknown.</summary>
    public static string? File(CensusFinding f) => f.Site.RepositoryFile ?? f.Site.File;

    public static string Text(CensusFinding f) =>
        File(f) is { } file ? f.Site.Line is { } line ? $"{file}:{line}" : file : "(no source line)";

    /// <summary>One line that says what blocks and where it came from: what an annotation or a SARIF message shows.</summary>
    public static string Message(CensusFinding f)
    {
        var where = f.Package is { } p && f.PackageMethod is { } pm ? $" inside {p} ({pm})" : "";
        var entry = f.Entry is { } e ? $", reached from {EntryText.Of(e)}" : "";
        return $"{f.Api} blocks a thread-pool thread ({f.Kind}) in {f.Method}{where}{entry}: {f.Count} time(s) during the run, {f.TotalBlockedMs:0.#} ms in all, longest {f.MaxBlockedMs:0.#} ms";
    }
}
