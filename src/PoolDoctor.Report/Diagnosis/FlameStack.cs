using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// One merged stack as the flame graph reads it: cleaned frames leaf first, its weight (samples, or threads when the
/// capture counted none), which frames are user code and, per frame, its source line when known.
/// </summary>
internal sealed record FlameStack(IReadOnlyList<string> Frames, long Weight, IReadOnlyList<bool> UserFrames, IReadOnlyList<SourceLocation?> Sources)
{
    /// <summary>
    /// The pool-thread groups of a capture, weighted by samples when every group has them, else by threads (and the
    /// caption says so). A group whose frames are a culprit's example stack takes that stack's source lines: the same
    /// frames in the same order, so the lines are that stack's own, never borrowed from another path.
    /// </summary>
    public static (IReadOnlyList<FlameStack> Stacks, bool BySamples) Of(IReadOnlyList<StackGroup> groups, IReadOnlyList<Culprit> culprits)
    {
        var pool = groups.Where(g => g.IsThreadPool).ToList();
        var bySamples = pool.Count > 0 && pool.All(g => g.Samples > 0);
        var stacks = pool.Select(g => new FlameStack(
            g.Frames,
            bySamples ? g.Samples : g.Threads,
            g.UserFrames,
            culprits.FirstOrDefault(c => c.ExampleStack.SequenceEqual(g.Frames, StringComparer.Ordinal))?.ExampleSources ?? []))
            .Where(s => s.Weight > 0 && s.Frames.Count > 0)
            .ToList();
        return (stacks, bySamples);
    }
}
