namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// `watch`'s rate limit: an episode begins when the trigger fires and ends only after it has been quiet for
/// <paramref name="calm"/> (so a verdict that flickers between Starving and compensating stays one episode); each
/// episode may write one report, and never within <paramref name="cooldown"/> of the previous one. Time is passed in.
/// </summary>
internal sealed class EpisodeGate(TimeSpan cooldown, TimeSpan calm)
{
    private DateTimeOffset? _lastReport;
    private DateTimeOffset? _quietSince;

    public bool InEpisode { get; private set; }

    public EpisodeStep Add(bool triggered, DateTimeOffset now)
    {
        if (triggered)
        {
            _quietSince = null;
            if (InEpisode)
            {
                return EpisodeStep.None;
            }
            InEpisode = true;
            if (_lastReport is { } last && now - last < cooldown)
            {
                return EpisodeStep.BeganInCooldown;
            }
            _lastReport = now;
            return EpisodeStep.BeganReport;
        }
        if (!InEpisode)
        {
            return EpisodeStep.None;
        }
        _quietSince ??= now;
        if (now - _quietSince.Value < calm)
        {
            return EpisodeStep.None;
        }
        InEpisode = false;
        _quietSince = null;
        return EpisodeStep.Ended;
    }

    /// <summary>A new target: an episode of the old one is over, the cooldown still holds.</summary>
    public void Reset()
    {
        InEpisode = false;
        _quietSince = null;
    }
}
