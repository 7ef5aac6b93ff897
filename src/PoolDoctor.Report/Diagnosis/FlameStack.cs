using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>One merged stack as the flame graph reads it: its frames leaf first, and its weight (samples, or threads when the capture counted none).</summary>
internal sealed record FlameStack(IReadOnlyList<FlameFrame> Frames, long Weight)
{
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
        var stacks = pool.Select(g => Recover(new FlameStack(FramesOf(g, culprits), bySamples ? g.Samples : g.Threads), recoveries))
            .Where(s => s.Weight > 0 && s.Frames.Count > 0)
            .ToList();
        return (stacks, bySamples);
    }

    /// <summary>The stack with the frames a matching recovery puts back; the stack itself when none matches.</summary>
    internal static FlameStack Recover(FlameStack stack, IReadOnlyList<RecoveredFrames> recoveries)
    {
        var frames = RecoveredFrames.Insert([.. stack.Frames.Select(f => f.Name)], stack.Frames, recoveries, f => new FlameFrame(f.Name, true, f.Source, f.Marker));
        return frames.Count == stack.Frames.Count ? stack : stack with { Frames = frames };
    }

    private static IReadOnlyList<FlameFrame> FramesOf(StackGroup group, IReadOnlyList<Culprit> culprits)
    {
        // The example stack has the group's frames, name for name: its frames lend their source lines.
        return culprits.FirstOrDefault(c => c.ExampleStack.SequenceEqual(group.Names, StringComparer.Ordinal)) is { } culprit
            ? [.. group.Frames.Zip(culprit.Example, (f, e) => new FlameFrame(f.Name, f.IsUser, e.Source))]
            : [.. group.Frames.Select(f => new FlameFrame(f.Name, f.IsUser))];
    }
}

/// <summary>
/// A frame as the flame graph draws it: its name, whether it is user code, its source line when known, and why it is
/// drawn though no sample held it (`inlined, recovered from IL`; null for a sampled frame).
/// </summary>
internal sealed record FlameFrame(string Name, bool IsUser, SourceLocation? Source = null, string? Recovered = null);
