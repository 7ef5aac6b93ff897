using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// One merged stack as the flame graph reads it: cleaned frames leaf first, its weight (samples, or threads when the
/// capture counted none), which frames are user code and, per frame, its source line when known.
/// </summary>
internal sealed record FlameStack(IReadOnlyList<string> Frames, long Weight, IReadOnlyList<bool> UserFrames, IReadOnlyList<SourceLocation?> Sources)
{
    /// <summary>Per frame (same order): why it is drawn though no sample held it (`inlined, recovered from IL`), null for a sampled frame.</summary>
    public IReadOnlyList<string?> Recovered { get; init; } = [];

    /// <summary>
    /// The pool-thread groups of a capture, weighted by samples when every group has them, else by threads (and the
    /// caption says so). A group whose frames are a culprit's example stack takes that stack's source lines: the same
    /// frames in the same order, so the lines are that stack's own, never borrowed from another path. The frames a
    /// culprit's recovery put back (<see cref="RecoveredFrames"/>) are inserted where the JIT hid them.
    /// </summary>
    public static (IReadOnlyList<FlameStack> Stacks, bool BySamples) Of(IReadOnlyList<StackGroup> groups, IReadOnlyList<Culprit> culprits)
    {
        var pool = groups.Where(g => g.IsThreadPool).ToList();
        var bySamples = pool.Count > 0 && pool.All(g => g.Samples > 0);
        var recoveries = RecoveredFrames.Of(culprits);
        var stacks = pool.Select(g => Recover(new FlameStack(
            g.Frames,
            bySamples ? g.Samples : g.Threads,
            g.UserFrames,
            culprits.FirstOrDefault(c => c.ExampleStack.SequenceEqual(g.Frames, StringComparer.Ordinal)) is { } c ? [.. c.Example.Select(f => f.Source)] : []), recoveries))
            .Where(s => s.Weight > 0 && s.Frames.Count > 0)
            .ToList();
        return (stacks, bySamples);
    }

    /// <summary>The stack with the frames a matching recovery puts back; the stack itself when none matches.</summary>
    internal static FlameStack Recover(FlameStack stack, IReadOnlyList<RecoveredFrames> recoveries)
    {
        var frames = RecoveredFrames.Insert(stack.Frames, stack.Frames, recoveries, f => f.Name);
        if (frames.Count == stack.Frames.Count)
        {
            return stack;
        }
        // Every list padded to the frames' length first, so the inserted items land at the same index in each.
        var n = stack.Frames.Count;
        return stack with
        {
            Frames = frames,
            UserFrames = RecoveredFrames.Insert(stack.Frames, Pad(stack.UserFrames, n, false), recoveries, _ => true),
            Sources = RecoveredFrames.Insert(stack.Frames, Pad(stack.Sources, n, null), recoveries, f => f.Source),
            Recovered = RecoveredFrames.Insert(stack.Frames, Pad(stack.Recovered, n, null), recoveries, f => (string?)f.Marker),
        };
    }

    private static IReadOnlyList<T> Pad<T>(IReadOnlyList<T> list, int count, T fill) =>
        list.Count >= count ? list : [.. list, .. Enumerable.Repeat(fill, count - list.Count)];
}
