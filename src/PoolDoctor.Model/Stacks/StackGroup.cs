namespace PoolDoctor.Model.Stacks;

/// <summary>Identical stacks merged, parallel-stacks style: the cleaned frames (leaf first), how many threads, their share of samples.</summary>
public sealed record StackGroup(
    IReadOnlyList<string> Frames,
    int Threads,
    double Share,
    bool IsThreadPool,
    IReadOnlyList<int> ThreadIds);
