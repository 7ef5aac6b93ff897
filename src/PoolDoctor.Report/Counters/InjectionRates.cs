using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Counters;

/// <summary>Injections of one interval counted by reason; with 1 s intervals the count is the rate per second.</summary>
public static class InjectionRates
{
    public static IReadOnlyDictionary<AdjustmentReason, int> PerReason(IEnumerable<InjectionEvent> injections) =>
        injections.GroupBy(i => i.Reason).OrderBy(g => g.Key).ToDictionary(g => g.Key, g => g.Count());
}
