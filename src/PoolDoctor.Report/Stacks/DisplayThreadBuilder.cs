using PoolDoctor.Analysis.Culprits;

namespace PoolDoctor.Report.Stacks;

/// <summary>The analysis's sampled stacks as the writers show them: by thread, busiest stack first, frames cleaned and with their lines.</summary>
public static class DisplayThreadBuilder
{
    public static IReadOnlyList<DisplayThread> From(CulpritAnalysis analysis) =>
        [.. analysis.Threads
            .OrderBy(t => t.Stack.ThreadId)
            .ThenByDescending(t => t.Stack.Samples)
            .Select(t => new DisplayThread(
                t.Stack.ThreadId,
                t.Reading.IsPoolThread,
                t.Stack.Samples,
                [.. t.Reading.Frames.Select(f => new DisplayFrame(f.Cleaned, f.IsUser) { Source = f.Source })]))];
}
