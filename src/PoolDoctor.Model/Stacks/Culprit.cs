namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A user method that blocks pool threads: how (kind), on which API, how many pool threads it held,
/// and its share of sampled pool-thread time (0..1). <see cref="ExampleStack"/> is cleaned frames, leaf first.
/// </summary>
public sealed record Culprit(
    string Method,
    BlockingKind Kind,
    string Api,
    int Threads,
    double Share,
    IReadOnlyList<string> ExampleStack,
    double WaitMs = 0);

/// <summary>The blocking kinds, named as the issue and the JSON report name them.</summary>
public enum BlockingKind
{
    SyncOverAsync,
    Sleep,
    SyncIO,
    Lock,
    SyncWait,
}
