namespace PoolDoctor.Verbs.Watch;

/// <summary>Where `watch` says what changed (one line each: attach, verdict change, episode, report) and its notes.</summary>
internal sealed record WatchLog(Action<string> Line, Action<string> Notice);
