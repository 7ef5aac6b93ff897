using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Census;

namespace PoolDoctor.Fix.Reports;

/// <summary>
/// What `fix` was given, told apart by the file's content, not its name: a census.json (<c>"kind": "census"</c>, read
/// by <see cref="CensusJsonReader"/>), whose finding N (<c>--finding</c>) becomes the culprit to fix, or else a report
/// (<see cref="ReportReader"/>), whose culprit N (<c>--culprit</c>) is. A census's finding inside a package is refused
/// here with the package's advice: a census records the call site, not the chain down from the app's own call into it.
/// </summary>
public static class FixTarget
{
    /// <summary>The culprit to fix; <see cref="FixRefusedException"/> with one line when the file or the number does not give one.</summary>
    public static Culprit Pick(string path, FixOptions options)
    {
        CensusResult? census;
        try
        {
            census = CensusJsonReader.TryRead(path);
        }
        catch (InvalidDataException e)
        {
            throw new FixRefusedException(e.Message);
        }
        if (census is null)
        {
            if (options.Finding is { } finding)
            {
                throw new FixRefusedException($"--finding {finding}: '{path}' is a report, not a census: pick its culprit with --culprit N");
            }
            return ReportReader.Pick(ReportReader.Read(path), options.Culprit ?? 1, path);
        }
        if (options.Culprit is { } culprit)
        {
            throw new FixRefusedException($"--culprit {culprit}: '{path}' is a census, whose findings are picked with --finding N");
        }
        return FromCensus(census, options.Finding ?? 1, path);
    }

    /// <summary>Whether the file is a census (then its source checksums are unknown: a census records none).</summary>
    public static bool IsCensus(string path)
    {
        try
        {
            return CensusJsonReader.TryRead(path) is not null;
        }
        catch (InvalidDataException e)
        {
            throw new FixRefusedException(e.Message);
        }
    }

    private static Culprit FromCensus(CensusResult census, int number, string path)
    {
        if (census.Findings.Count == 0)
        {
            throw new FixRefusedException($"'{path}' is a census with no findings: nothing to fix");
        }
        if (number < 1 || number > census.Findings.Count)
        {
            throw new FixRefusedException($"--finding {number}: '{path}' has {census.Findings.Count} finding(s), numbered from 1");
        }
        var finding = census.Findings[number - 1];
        if (finding.Package is { } package)
        {
            var caller = finding.UserFrame is { } user ? $", reached from {user}" : "";
            throw new FixRefusedException(
                $"finding {number}: {finding.PackageMethod ?? finding.Method} blocks inside the package {package.Name} {package.Version}{caller}: its code is not in these sources; "
                + $"upgrade {package.Name} to a version that does not block, or report it upstream to {package.Name}");
        }
        return AsCulprit(finding);
    }

    /// <summary>A finding as the rewriter reads a culprit: its call site, kind, API and entry (a census records no chain,
    /// so the rewriter follows the callers the source has, as for a culprit written by hand).</summary>
    internal static Culprit AsCulprit(CensusFinding finding) =>
        new(finding.Method, finding.Kind, finding.Api, Threads: 0, Share: 0, Example: [], WaitMs: finding.TotalBlockedMs)
        {
            WaitCount = finding.Count,
            Entry = finding.Entry,
            Site = finding.Site,
        };
}
