namespace PoolDoctor.Model.Load;

/// <summary>
/// The load the tool itself drove while it watched (diagnose --load, demo): what it loaded, with how many connections,
/// and its per-second series on the UTC clock, so a report can set the load beside the pool's own series.
/// </summary>
public sealed record DrivenLoad(IReadOnlyList<string> Urls, int Connections, IReadOnlyList<LoadSecond> Series);
