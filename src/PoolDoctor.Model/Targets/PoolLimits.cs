namespace PoolDoctor.Model.Targets;

/// <summary>
/// The pool's worker-thread bounds as the running target itself gave them: read from the pool's own fields in its
/// memory (without stopping it), or reported by the runtime's ThreadPoolMinMaxThreads event, which it writes when the
/// pool starts and on every SetMinThreads/SetMaxThreads call. A reading is what is set now, whatever set it.
/// </summary>
/// <param name="MinWorkers">The pool's MinThreads for worker threads.</param>
/// <param name="MaxWorkers">The pool's MaxThreads for worker threads.</param>
/// <param name="AtUtc">When it was read, or when the runtime wrote the event.</param>
/// <param name="How">Read from memory, or reported by the event.</param>
public sealed record PoolLimits(int MinWorkers, int MaxWorkers, DateTimeOffset AtUtc, PoolLimitsReadingKind How);

/// <summary>How a <see cref="PoolLimits"/> was had.</summary>
public enum PoolLimitsReadingKind
{
    /// <summary>The pool's fields read from the target's memory while it ran (ClrMD, not suspended).</summary>
    Memory,

    /// <summary>The runtime's ThreadPoolMinMaxThreads event (id 59), written when the pool starts or a setter is called.</summary>
    Event,
}
