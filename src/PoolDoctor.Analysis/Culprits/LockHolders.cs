using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// A lock held across a blocking call is one finding, not two. The waiters block in the lock's enter and the holder in
/// whatever it calls inside (the lab's <c>lock</c> route: <c>Thread.Sleep</c>), both in the same method; ranked apart
/// they split the convoy's time in two near-equal rows (33.3 % Sleep, 33.0 % Lock on the recorded lab), and which one
/// came first was chance. The fix is one change in that method (do not block while holding the lock), so the holder's
/// blocking joins the lock's culprit and is named as what the lock is held across.
/// </summary>
internal static class LockHolders
{
    /// <summary>Merges, per method, every non-lock culprit into that method's lock culprit; the merged ones are removed.</summary>
    public static void Merge(Dictionary<(string Method, BlockingKind Kind), CulpritAccumulator> culprits)
    {
        // The same method is the evidence: the waiters and the holder run one method's code, and the stacks do not say
        // whether the holder's call is inside the lock's scope (a method that also blocks after its lock merges too;
        // docs/culprits.md). Lazy<T>.Value waits for a factory that runs in another method, so it has no holder here.
        // Only a lock the method enters itself: a monitor inside SemaphoreSlim.Release or a driver's connection pool,
        // reached through the method's call, is the library's lock, and the method's own wait is its finding
        // (recorded semaphore-min16, db-sync-postgres: such contention beside the real SyncWait/SyncIO culprit).
        var locks = culprits.Values.Where(c => c.Kind == BlockingKind.Lock && c.EntersLockItself).ToList();
        foreach (var lockCulprit in locks)
        {
            var holders = culprits.Values
                .Where(c => c.Kind != BlockingKind.Lock && string.Equals(c.Method, lockCulprit.Method, StringComparison.Ordinal))
                .ToList();
            foreach (var holder in holders)
            {
                lockCulprit.AbsorbHolder(holder);
                culprits.Remove((holder.Method, holder.Kind));
            }
        }
    }
}
