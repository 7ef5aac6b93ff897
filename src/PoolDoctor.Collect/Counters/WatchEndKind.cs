namespace PoolDoctor.Collect.Counters;

/// <summary>Why a watch stopped delivering intervals.</summary>
public enum WatchEndKind
{
    /// <summary>We stopped it (dispose, cancel, duration reached).</summary>
    Stopped,

    /// <summary>The event stream ended and the process is gone.</summary>
    TargetExited,

    /// <summary>The stream broke while the process still runs (e.g. the runtime refused or dropped the session).</summary>
    Failed,
}
