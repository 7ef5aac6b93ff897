namespace PoolDoctor.Model.Advice;

/// <summary>
/// How many pool threads the blocked work needs at once, by Little's law (blocked threads = arrival rate of blocked
/// work × its blocking time), bounded by the load's concurrency when that is known: what the MinThreads stop-gap is
/// sized from. Null parts were not measured.
/// </summary>
public sealed record DemandEstimate(int Threads, double? ArrivalsPerSecond, double? BlockingMs, int? Concurrency, string SizedFrom);
