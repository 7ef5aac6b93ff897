using System.Globalization;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// The human view: merged stacks parallel-stacks style (thread count, share of samples, pool threads marked, user frames
/// marked with '>'), or each thread's own stacks with `--raw`; then the ranked culprits.
/// </summary>
public static class StackTextWriter
{
    public const int MaxGroups = 15;
    private const string UserMark = "> ";
    private const string OtherMark = "  ";

    public static void Write(StackReport report, TextWriter output)
    {
        var snapshot = report.Snapshot;
        if (report.FromDump)
        {
            output.WriteLine(
                $"Stacks of {report.Source}: a core dump of process {snapshot.ProcessId}, one stack per thread " +
                $"({report.ThreadCount} threads, {report.PoolThreads} thread-pool threads)");
        }
        else
        {
            output.WriteLine(
            $"Stacks of {report.Source} over {snapshot.WindowSeconds.ToString("F2", CultureInfo.InvariantCulture)} s: " +
            $"{report.TotalSamples} samples of {report.ThreadCount} threads ({report.PoolThreads} thread-pool threads)" +
            (snapshot.Waits.Count > 0 ? $", {snapshot.Waits.Count} wait events" : ""));
        }
        if (report.ThreadPool is { } pool)
        {
            output.WriteLine(ThreadPoolText.Describe(pool));
        }
        if (report.Note is { } note)
        {
            output.WriteLine($"Note: {note}.");
        }
        if (report.Threads.Count == 0)
        {
            output.WriteLine("No managed stack was sampled (the target may be idle in native code, or exited).");
            return;
        }
        output.WriteLine();
        if (report.Raw)
        {
            WriteThreads(report, output);
        }
        else
        {
            WriteGroups(report, output);
        }
        output.WriteLine();
        WriteCulprits(report.Culprits, output);
    }

    private static void WriteGroups(StackReport report, TextWriter output)
    {
        var shown = report.Groups.Where(g => report.AllThreads || g.Group.IsThreadPool).ToList();
        output.WriteLine(report.AllThreads
            ? "Stacks of all threads, identical stacks merged ('>' marks user code):"
            : "Thread-pool stacks, identical stacks merged ('>' marks user code; --all adds other threads):");
        if (shown.Count == 0)
        {
            output.WriteLine("  (no thread-pool thread was sampled)");
        }
        foreach (var group in shown.Take(MaxGroups))
        {
            output.WriteLine();
            var g = group.Group;
            output.WriteLine(
                $"  {g.Threads} thread{(g.Threads == 1 ? "" : "s")}, {Percent(g.Share)} of {(report.FromDump ? "threads" : "samples")}" +
                $"{(g.IsThreadPool ? "  [thread pool]" : "")}  (ids {Ids(g.ThreadIds)})");
            WriteFrames(group.Frames, output);
        }
        if (shown.Count > MaxGroups)
        {
            output.WriteLine();
            output.WriteLine($"  ... {shown.Count - MaxGroups} more groups (see --format json)");
        }
    }

    private static void WriteThreads(StackReport report, TextWriter output)
    {
        var shown = report.Threads.Where(t => report.AllThreads || t.IsThreadPool).ToList();
        output.WriteLine(report.AllThreads ? "Stacks of every thread, ungrouped:" : "Stacks of every thread-pool thread, ungrouped (--all adds other threads):");
        foreach (var thread in shown)
        {
            output.WriteLine();
            output.WriteLine($"  Thread {thread.ThreadId} (0x{thread.ThreadId:X}){(thread.IsThreadPool ? "  [thread pool]" : "")}, {thread.Samples} sample{(thread.Samples == 1 ? "" : "s")}");
            WriteFrames(thread.Frames, output);
        }
    }

    private static void WriteFrames(IReadOnlyList<DisplayFrame> frames, TextWriter output)
    {
        foreach (var frame in frames)
        {
            output.WriteLine($"    {(frame.IsUserCode ? UserMark : OtherMark)}{frame.Text}");
        }
    }

    private static void WriteCulprits(IReadOnlyList<Culprit> culprits, TextWriter output)
    {
        if (culprits.Count == 0)
        {
            output.WriteLine("Culprits: none — no user method blocks thread-pool threads in the sampled window.");
            return;
        }
        var permanent = culprits.Any(c => c.Hold?.Pattern == HoldPattern.Permanent);
        output.WriteLine("Culprits, ranked by share of sampled thread-pool time" + (permanent ? ", constant blockers last:" : ":"));
        var rank = 1;
        foreach (var c in culprits)
        {
            output.WriteLine();
            var wait = c.WaitMs > 0 ? $", {c.WaitMs.ToString("F0", CultureInfo.InvariantCulture)} ms blocked in wait events" : "";
            output.WriteLine($"  {rank++}. {c.DisplayName}  {c.Kind} on {c.ApiText}: {c.Threads} pool thread{(c.Threads == 1 ? "" : "s")}, {Percent(c.Share)}{wait}");
            foreach (var line in CulpritLines.Describe(c))
            {
                output.WriteLine($"     {line}");
            }
            foreach (var frame in c.ExampleStack)
            {
                output.WriteLine($"       {frame}");
            }
        }
    }

    private static string Percent(double share) => (share * 100).ToString("F1", CultureInfo.InvariantCulture) + " %";

    private static string Ids(IReadOnlyList<int> ids) =>
        ids.Count <= 8 ? string.Join(", ", ids) : string.Join(", ", ids.Take(8)) + $", +{ids.Count - 8}";
}
