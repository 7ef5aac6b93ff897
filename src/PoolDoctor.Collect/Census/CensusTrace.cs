namespace PoolDoctor.Collect.Census;

/// <summary>One process's census recording: the nettrace file, and when its session began on the census's clock.</summary>
/// <param name="Stopped">The session was stopped by the census (with its rundown), not cut by the process's exit.</param>
/// <param name="Rundown">The last complete rundown taken while the process ran (names the methods the stacks hold), or null.</param>
public sealed record CensusTrace(int ProcessId, string Name, string Path, double OffsetSeconds, bool Stopped, string? Rundown);
