namespace PoolDoctor.Verbs.Watch;

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
