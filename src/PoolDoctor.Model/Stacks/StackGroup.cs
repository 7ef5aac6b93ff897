namespace PoolDoctor.Model.Stacks;

/// <summary>Identical stacks merged, parallel-stacks style: the cleaned frames (leaf first), how many threads, their share of samples.</summary>
public sealed record StackGroup(
    IReadOnlyList<GroupFrame> Frames,
    int Threads,
    double Share,
    bool IsThreadPool,
    IReadOnlyList<int> ThreadIds)
{
    /// <summary>How many samples the group's threads spent in this stack.</summary>
    public long Samples { get; init; }

    /// <summary>The frames' cleaned names, leaf first: what stacks are matched on.</summary>
    public IEnumerable<string> Names => Frames.Select(f => f.Name);
}

/// <summary>A frame of a merged stack: its cleaned name, and whether it is the user's code (false when unknown).</summary>
public sealed record GroupFrame(string Name, bool IsUser);
