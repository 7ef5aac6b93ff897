namespace PoolDoctor.Collect.Counters;

/// <summary>How and why a watch stopped delivering intervals, with one line for the user.</summary>
public sealed record WatchEnd(WatchEndKind Kind, string Message);
