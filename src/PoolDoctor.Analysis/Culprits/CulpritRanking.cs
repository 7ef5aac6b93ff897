using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// The order culprits are named in. A constant blocker (the same threads since the window's start, serving no request)
/// ranks below the culprits the load reaches, whatever its share of this window: the requests queued behind the pool
/// reach those. But only below culprits that matter: a starved pool's own blocker also holds its threads throughout, and
/// when no request event marks its stacks (a handler resumed after an await, a capture without request events) it looks
/// constant too; ranking it below a lock seen on one thread for 0.0 % of the time named the noise (CI, 2026-11-28).
/// </summary>
public static class CulpritRanking
{
    /// <summary>The share below which a culprit is noise beside the others (the reports fold such rows into "other").</summary>
    public const double MaterialShare = 0.01;

    public static List<Culprit> Order(IEnumerable<Culprit> culprits) =>
        [.. culprits
            .OrderBy(c => c.Share < MaterialShare)
            .ThenBy(c => c.Hold?.Pattern == HoldPattern.Permanent)
            .ThenByDescending(c => c.Share)
            .ThenByDescending(c => c.WaitMs)
            .ThenBy(c => c.Method, StringComparer.Ordinal)];
}
