using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Counts the target's thread-pool workers (threads the runtime names ".NET TP Worker") that Linux reports
/// runnable ('R': on a CPU or waiting for one). Blocked workers sleep ('S'), CPU-bound ones run: this tells a
/// starved pool from a CPU-starved one even when other processes hold the cores and the target's own CPU % is low.
/// Read ten times a second beside a service that may hold hundreds of other threads, so a thread once seen under
/// another name is not read again until the next full pass: the runtime names a pool thread when it creates it.
/// </summary>
internal sealed class WorkerThreadStates(int pid)
{
    private const string WorkerName = ".NET TP Worker";

    // A thread id the kernel reuses for a new pool thread, or a thread renamed later, is caught by the next full pass.
    private static readonly TimeSpan FullPassEvery = TimeSpan.FromSeconds(5);

    private readonly HashSet<int> _others = [];
    private DateTime _nextFullPass = DateTime.MinValue;

    /// <summary>How many stat files the last <see cref="Read"/> opened (what it cost).</summary>
    public int LastReads { get; private set; }

    /// <summary>The worker thread ids the last <see cref="Read"/> found; null before the first.</summary>
    public IReadOnlyList<int>? LastWorkers { get; private set; }

    /// <summary>(workers, runnable) now, or null when /proc/PID/task cannot be read.</summary>
    public (int Workers, int Runnable)? Read()
    {
        if (pid <= 0 || ProcFs.ThreadIds(pid) is not { } threads)
        {
            return null;
        }
        var now = DateTime.UtcNow;
        if (now >= _nextFullPass)
        {
            _others.Clear();
            _nextFullPass = now + FullPassEvery;
        }
        else
        {
            _others.IntersectWith(threads);
        }
        var workers = 0;
        var runnable = 0;
        var reads = 0;
        var ids = new List<int>();
        foreach (var tid in threads)
        {
            if (_others.Contains(tid))
            {
                continue;
            }
            reads++;
            if (ProcFs.ThreadStat(pid, tid) is not { } stat || Parse(stat) is not { } parsed)
            {
                continue; // the thread ended between listing and reading
            }
            if (parsed.Name != WorkerName)
            {
                _others.Add(tid);
                continue;
            }
            workers++;
            ids.Add(tid);
            if (parsed.State == 'R')
            {
                runnable++;
            }
        }
        LastReads = reads;
        LastWorkers = ids;
        return (workers, runnable);
    }

    /// <summary>Reads "tid (name) S ..." where the name may itself contain spaces or parentheses.</summary>
    internal static (string Name, char State)? Parse(string stat)
    {
        var open = stat.IndexOf('(', StringComparison.Ordinal);
        var close = stat.LastIndexOf(')');
        if (open < 0 || close < open || close + 2 >= stat.Length)
        {
            return null;
        }
        return (stat[(open + 1)..close], stat[close + 2]);
    }
}
