namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// When `watch` trims its native heap between reports: the counter and queue-delay sessions read their streams through
/// TraceEvent too, whose blocks come and go in malloc's arenas, so a watch that sees no episode for days is trimmed
/// every <paramref name="every"/> as well, besides the trim after each report (<see cref="OwnMemory.Release"/>). Time is passed in.
/// </summary>
internal sealed class TrimSchedule(TimeSpan every)
{
    public static readonly TimeSpan Default = TimeSpan.FromMinutes(5);

    private DateTimeOffset? _last;

    /// <summary>True when a trim is due at <paramref name="now"/> (and counts it as done); the first call only starts the clock.</summary>
    public bool Due(DateTimeOffset now)
    {
        if (_last is not { } last)
        {
            _last = now;
            return false;
        }
        if (now - last < every)
        {
            return false;
        }
        _last = now;
        return true;
    }
}
