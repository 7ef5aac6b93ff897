using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Cli.Stacks;

// TEMPORARY glue until the culprits branch lands its analyzer: raw names, naive grouping, no culprits.
internal static class StackReportBuilder
{
    public static StackReport Build(string source, StackSnapshot snapshot, StackDisplay display)
    {
        bool IsUser(string method) => display.UserCodePrefixes.Count > 0
            ? display.UserCodePrefixes.Any(p => method.StartsWith(p, StringComparison.Ordinal))
            : !(method.StartsWith("System.", StringComparison.Ordinal) || method.StartsWith("Microsoft.", StringComparison.Ordinal));
        static bool IsPool(ThreadStack s) => s.Frames.Any(f => f.Method.Contains("PortableThreadPool+WorkerThread", StringComparison.Ordinal));
        var total = Math.Max(1, snapshot.Stacks.Sum(s => s.Samples));
        var groups = snapshot.Stacks
            .GroupBy(s => string.Join("\n", s.Frames.Select(f => f.Method)))
            .Select(g => new DisplayGroup(
                new StackGroup([.. g.First().Frames.Select(f => f.Method)], g.Select(s => s.ThreadId).Distinct().Count(),
                    g.Sum(s => s.Samples) / (double)total, IsPool(g.First()), [.. g.Select(s => s.ThreadId).Distinct()]),
                [.. g.First().Frames.Select(f => new DisplayFrame(f.Method, IsUser(f.Method)))]))
            .OrderByDescending(g => g.Group.Share)
            .ToList();
        var threads = snapshot.Stacks
            .Select(s => new DisplayThread(s.ThreadId, IsPool(s), s.Samples, [.. s.Frames.Select(f => new DisplayFrame(f.Method, IsUser(f.Method)))]))
            .ToList();
        return new StackReport(source, snapshot, groups, [], threads, display.All, display.Raw);
    }
}
