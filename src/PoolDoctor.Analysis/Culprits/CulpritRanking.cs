using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// The order culprits are named in, by how each held threads over the window rather than by one window's share alone
/// (<see cref="CulpritHoldReader"/>; issue 34 item 2). A constant blocker (the same number of threads since the window's
/// start, serving no request) ranks below the culprits the load reaches, whatever its share of this window: the
/// requests queued behind the pool reach those. Which queued items wait for which culprit is not in the capture (the
/// pool's queue is a counter; its items' code is not sampled), so growth is what is weighed. But only below culprits that matter: a starved pool's own blocker also holds its threads throughout, and
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
            .ThenBy(Tier)
            .ThenByDescending(c => c.Share)
            .ThenByDescending(c => c.WaitMs)
            .ThenBy(c => c.Method, StringComparer.Ordinal)];

    /// <summary>
    /// Among culprits that matter: first those that hold the threads the load gives them (growing during the window, or
    /// still holding a thread at its end; untimed ones too), then the constant blockers, then those that only passed
    /// through (a lock each thread waited in for a moment, none held at the window's end: Raygun4Net's timer-queue lock
    /// inside <c>Task.Delay</c>, 3 % in short waits, is not what holds the pool beside workers that hold 5 threads).
    /// </summary>
    private static int Tier(Culprit c) => c.Hold switch
    {
        { Pattern: HoldPattern.Permanent } => 1,
        { Pattern: HoldPattern.Growing } or null => 0,
        { ThreadsAtEnd: > 0 } => 0,
        _ => 2,
    };
}
