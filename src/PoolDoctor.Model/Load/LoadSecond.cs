namespace PoolDoctor.Model.Load;

/// <summary>
/// One UTC second of a load the tool drove: requests that completed in it (responses, any status), errors in it, and
/// the latency percentiles of those responses (ms; null when none completed). Seconds with nothing in them are kept:
/// a starving server's empty seconds are the point.
/// </summary>
public sealed record LoadSecond(DateTimeOffset AtUtc, long Requests, long Errors, double? P50Ms, double? P99Ms);
