namespace PoolDoctor.Collect.Counters;

/// <summary>When a watch measures the pool's queue delay (two events per work item in the target, see <see cref="QueueDelaySession"/>).</summary>
public enum QueueDelayMode
{
    /// <summary>Never.</summary>
    Off,

    /// <summary>From the attach on, whenever the pool's rate allows it: what a short, attended session (`counters`, `detect`, `diagnose`) wants.</summary>
    Always,

    /// <summary>
    /// Only while the pool has work queued (and for a while after): a watch that runs for days beside a healthy
    /// service, whose queue is empty almost all the time, then pays for no per-item events at all.
    /// </summary>
    WhileQueued,
}
