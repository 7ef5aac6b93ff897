using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Parallel-stacks style grouping: identical cleaned stacks merged, with how many threads showed them and their
/// share of the samples of the threads shown.
/// </summary>
public static class StackGrouper
{
    public static IReadOnlyList<StackGroup> Group(StackSnapshot snapshot, bool includeAllThreads, UserCode? userCode = null)
    {
        var catalog = new FrameCatalog(userCode ?? UserCode.Default);
        return Group(snapshot.Stacks.Select(s => (s, catalog.Read(s.Frames))).ToList(), includeAllThreads);
    }

    internal static IReadOnlyList<StackGroup> Group(IReadOnlyList<(ThreadStack Stack, StackReading Reading)> stacks, bool includeAllThreads)
    {
        var shown = stacks.Where(s => includeAllThreads || s.Reading.IsPoolThread).ToList();
        long total = shown.Sum(s => (long)s.Stack.Samples);
        var groups = new Dictionary<string, Accumulator>(StringComparer.Ordinal);
        foreach (var (stack, reading) in shown)
        {
            var key = string.Join('\n', reading.Frames.Select(f => f.Cleaned));
            if (!groups.TryGetValue(key, out var group))
            {
                group = new Accumulator(reading);
                groups[key] = group;
            }
            group.Samples += stack.Samples;
            group.Threads.Add(stack.ThreadId);
        }
        return groups.Values
            .OrderByDescending(g => g.Samples)
            .ThenByDescending(g => g.Threads.Count)
            .Select(g => new StackGroup(
                [.. g.Reading.Frames.Select(f => new GroupFrame(f.Cleaned, f.IsUser))],
                g.Threads.Count,
                total == 0 ? 0 : (double)g.Samples / total,
                g.Reading.IsPoolThread,
                g.Threads.Order().ToArray())
            {
                Samples = g.Samples,
            })
            .ToList();
    }

    private sealed class Accumulator(StackReading reading)
    {
        public StackReading Reading { get; } = reading;
        public long Samples { get; set; }
        public HashSet<int> Threads { get; } = [];
    }
}
