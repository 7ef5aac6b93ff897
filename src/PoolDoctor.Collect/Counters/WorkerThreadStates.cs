namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Counts the target's thread-pool workers (threads the runtime names ".NET TP Worker") that Linux reports
/// runnable ('R': on a CPU or waiting for one). Blocked workers sleep ('S'), CPU-bound ones run: this tells a
/// starved pool from a CPU-starved one even when other processes hold the cores and the target's own CPU % is low.
/// </summary>
internal static class WorkerThreadStates
{
    private const string WorkerName = ".NET TP Worker";

    /// <summary>(workers, runnable) now, or null when /proc/PID/task cannot be read.</summary>
    public static (int Workers, int Runnable)? Read(int pid)
    {
        if (pid <= 0)
        {
            return null;
        }
        string[] tasks;
        try
        {
            tasks = Directory.GetDirectories($"/proc/{pid}/task");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
        var workers = 0;
        var runnable = 0;
        foreach (var task in tasks)
        {
            string stat;
            try
            {
                stat = File.ReadAllText(Path.Combine(task, "stat"));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                continue; // the thread ended between listing and reading
            }
            if (Parse(stat) is not { } parsed || parsed.Name != WorkerName)
            {
                continue;
            }
            workers++;
            if (parsed.State == 'R')
            {
                runnable++;
            }
        }
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
