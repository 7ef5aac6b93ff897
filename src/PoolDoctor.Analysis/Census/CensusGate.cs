using PoolDoctor.Model.Census;

namespace PoolDoctor.Analysis.Census;

/// <summary>
/// Which findings fail the run: those whose id the baseline does not hold and, when a growth factor is given, those
/// whose total blocked time grew beyond that factor of the baseline's. No baseline is an empty one: every finding fails.
/// </summary>
public static class CensusGate
{
    public static IReadOnlySet<string> Failing(CensusResult census, IReadOnlyDictionary<string, double>? baseline, double? growth = null)
    {
        var failing = new HashSet<string>(StringComparer.Ordinal);
        foreach (var f in census.Findings)
        {
            if (baseline is null || !baseline.TryGetValue(f.Id, out var before))
            {
                failing.Add(f.Id);
            }
            else if (growth is { } factor && before > 0 && f.TotalBlockedMs > factor * before)
            {
                failing.Add(f.Id);
            }
        }
        return failing;
    }
}
