using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// For traces with wait events but no samples: each wait span becomes a thread stack weighted by its blocked
/// milliseconds (at least 1), so grouping and culprit shares work on blocked time instead of sample counts.
/// </summary>
public static class WaitStacks
{
    /// <summary>True for a trace recorded without the sample profiler (dotnet-trace's waithandle recording).</summary>
    public static bool OnlyWaits(StackSnapshot snapshot) => snapshot.Stacks.Count == 0 && snapshot.Waits.Count > 0;

    public static StackSnapshot AsSamples(StackSnapshot snapshot)
    {
        var stacks = snapshot.Waits
            .Where(w => w.Frames.Count > 0)
            .Select(w => new ThreadStack(w.ThreadId, w.Frames, Math.Max(1, (int)Math.Round(w.DurationMs))))
            .ToList();
        return snapshot with { Stacks = stacks };
    }
}
