namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>Runs `stacks ... --format json` against a process and reads the culprits back.</summary>
internal sealed record CulpritJson(string Method, string Kind, string Api, int Threads, double Share);
