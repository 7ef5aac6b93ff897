namespace PoolDoctor.Model.Census;

/// <summary>One .NET process the census followed: how many waits it recorded and how many of them blocked a pool thread.</summary>
public sealed record CensusProcess(int ProcessId, string Name, int Waits, int PoolWaits);
