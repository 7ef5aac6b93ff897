using System.Diagnostics;
using System.Globalization;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Turns the pool workers' cumulative schedstat counters into figures per interval: how long they ran on a CPU and how
/// long they waited in a run queue, per second. Read once per counter sample (the counters are cumulative, so one read
/// an interval is as exact as ten). A worker first seen after the first read started during the interval (the runtime
/// names a pool thread when it creates it), so all its time counts; a worker that ended since the last read takes its
/// last partial interval with it.
/// </summary>
internal sealed class WorkerSchedStats(int pid)
{
    private const double MinSeconds = 0.1;

    private Dictionary<int, (long OnCpuNs, long WaitNs, long Slices)>? _last;
    private long _lastTicks;

    /// <summary>The figures since the previous call, or null at the first call and when no worker's schedstat can be read.</summary>
    public WorkerScheduling? Take(IReadOnlyCollection<int> workers)
    {
        var now = Stopwatch.GetTimestamp();
        var current = new Dictionary<int, (long, long, long)>(workers.Count);
        foreach (var tid in workers)
        {
            if (ProcFs.ThreadSchedStat(pid, tid) is { } line && Parse(line) is { } figures)
            {
                current[tid] = figures;
            }
        }
        var previous = _last;
        var seconds = Stopwatch.GetElapsedTime(_lastTicks, now).TotalSeconds;
        if (previous is not null && (seconds < MinSeconds || (current.Count == 0 && workers.Count > 0)))
        {
            // Two samples handled back to back (the tool's own threads delayed on a crowded host) leave no span to divide
            // by, and an unreadable moment says nothing: keep the older baseline for the next sample.
            return null;
        }
        _last = current;
        _lastTicks = now;
        if (previous is null)
        {
            return null;
        }
        long onCpu = 0, wait = 0, slices = 0;
        foreach (var (tid, (c, w, n)) in current)
        {
            var (pc, pw, pn) = previous.TryGetValue(tid, out var p) ? p : (0, 0, 0);
            // A reused thread id shows smaller totals than before: a new thread, counted whole.
            var fresh = c < pc || w < pw || n < pn;
            onCpu += fresh ? c : c - pc;
            wait += fresh ? w : w - pw;
            slices += fresh ? n : n - pn;
        }
        return new WorkerScheduling(
            Math.Round(onCpu / 1e6 / seconds, 1),
            Math.Round(wait / 1e6 / seconds, 1),
            Math.Round(slices / seconds, 1));
    }

    /// <summary>"123 456 7": nanoseconds on a CPU, nanoseconds waiting in a run queue, timeslices run.</summary>
    internal static (long OnCpuNs, long WaitNs, long Slices)? Parse(string line)
    {
        var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return fields.Length >= 3
            && long.TryParse(fields[0], NumberStyles.None, CultureInfo.InvariantCulture, out var onCpu)
            && long.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var wait)
            && long.TryParse(fields[2], NumberStyles.None, CultureInfo.InvariantCulture, out var slices)
                ? (onCpu, wait, slices)
                : null;
    }
}
