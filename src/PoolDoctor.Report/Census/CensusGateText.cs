using PoolDoctor.Model.Census;

namespace PoolDoctor.Report.Census;

/// <summary>The census gate's one line, when findings fail it.</summary>
public static class CensusGateText
{
    /// <summary>
    /// Names each failing finding by method and API, as the table does, with the id the baseline matches on: a CI log's
    /// last line should say which call site to look at without opening census.json.
    /// </summary>
    public static string Failing(CensusResult census, IReadOnlySet<string> failing, string? baseline) =>
        baseline is null
            ? $"{failing.Count} blocking call site(s) on pool threads (accept them with --baseline FILE --update-baseline)"
            : $"{failing.Count} blocking call site(s) on pool threads not in the baseline {baseline}: "
              + string.Join(", ", census.Findings.Where(f => failing.Contains(f.Id)).Select(f => $"{f.Method} ({f.Api}, id {f.Id})"));
}
