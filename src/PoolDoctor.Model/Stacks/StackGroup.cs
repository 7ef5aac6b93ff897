namespace PoolDoctor.Model.Stacks;

/// <summary>Identical stacks merged, parallel-stacks style: the cleaned frames (leaf first), how many threads, their share of samples.</summary>
public sealed record StackGroup(
    IReadOnlyList<string> Frames,
    int Threads,
    double Share,
    bool IsThreadPool,
    IReadOnlyList<int> ThreadIds)
{
    /// <summary>Per frame (same order as <see cref="Frames"/>): true where the frame is user code. Empty when unknown.</summary>
    public IReadOnlyList<bool> UserFrames { get; init; } = [];

    /// <summary>How many samples the group's threads spent in this stack.</summary>
    public long Samples { get; init; }
}
