namespace PoolDoctor.Runs;

/// <summary>What <see cref="EpisodeGate"/> says about one interval.</summary>
internal enum EpisodeStep
{
    /// <summary>Nothing changed.</summary>
    None,

    /// <summary>An episode began and no report was written within the cooldown: capture and write one.</summary>
    BeganReport,

    /// <summary>An episode began within the cooldown of the last report: log it, write nothing.</summary>
    BeganInCooldown,

    /// <summary>The trigger has been quiet long enough: the episode is over.</summary>
    Ended,
}

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
