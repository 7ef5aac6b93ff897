namespace PoolDoctor.Collect.Attach;

/// <summary>Reads the few facts about a process that Linux's /proc offers without attaching to it.</summary>
internal static class ProcFs
{
    private static readonly Lazy<string?> OwnMountNamespace = new(() => new FileInfo("/proc/self/ns/mnt").LinkTarget);

    public static bool Exists(int pid) => Directory.Exists($"/proc/{pid}");

    /// <summary>The state letter of /proc/PID/stat (R, S, D, T for stopped, Z...), or null when there is no such process.</summary>
    public static char? State(int pid)
    {
        if (pid <= 0)
        {
            return null;
        }
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            var state = stat[(stat.LastIndexOf(')') + 2)..].TrimStart();
            return state.Length > 0 ? state[0] : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentOutOfRangeException)
        {
            return null;
        }
    }

    /// <summary>Exists and is not a zombie: an exited child stays in /proc until its parent reaps it.</summary>
    public static bool IsRunning(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            var state = stat[(stat.LastIndexOf(')') + 2)..].TrimStart();
            return state.Length > 0 && state[0] is not ('Z' or 'X' or 'x');
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentOutOfRangeException)
        {
            return false;
        }
    }

    /// <summary>
    /// The process start time in clock ticks since boot (field 22 of /proc/PID/stat), or null. The runtime names its
    /// diagnostics socket with this value, which tells a live socket from one left behind by a dead process whose
    /// pid was reused.
    /// </summary>
    public static long? StartTime(int pid)
    {
        try
        {
            return ParseStartTime(File.ReadAllText($"/proc/{pid}/stat"));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>Seconds since boot (/proc/uptime's first field), or null.</summary>
    public static double? UptimeSeconds()
    {
        try
        {
            return double.TryParse(File.ReadAllText("/proc/uptime").Split(' ')[0], System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var seconds) ? seconds : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    internal static long? ParseStartTime(string stat)
    {
        // The command name (field 2) may hold spaces and parentheses; the fields after its closing ')' are plain.
        var afterName = stat.LastIndexOf(')');
        if (afterName < 0)
        {
            return null;
        }
        var fields = stat[(afterName + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        const int startTimeIndex = 22 - 3;
        return fields.Length > startTimeIndex && long.TryParse(fields[startTimeIndex], out var ticks) ? ticks : null;
    }

    public static string CommandLine(int pid)
    {
        try
        {
            var raw = File.ReadAllText($"/proc/{pid}/cmdline");
            return raw.TrimEnd('\0').Replace('\0', ' ');
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }

    /// <summary>The process's arguments (/proc/PID/cmdline split at its NULs); empty when unreadable.</summary>
    public static IReadOnlyList<string> Arguments(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline").TrimEnd('\0').Split('\0');
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>Where /proc/PID/NAME points (exe, cwd), or null when unreadable.</summary>
    public static string? Link(int pid, string name)
    {
        try
        {
            return new FileInfo($"/proc/{pid}/{name}").LinkTarget;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    public static string Name(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/comm").Trim();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }

    /// <summary>True when the CoreCLR runtime is mapped into the process: a .NET process, whether or not it listens for diagnostics.</summary>
    public static bool HasCoreClr(int pid)
    {
        try
        {
            foreach (var line in File.ReadLines($"/proc/{pid}/maps"))
            {
                if (line.EndsWith("/libcoreclr.so", StringComparison.Ordinal))
                {
                    return true;
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
        return false;
    }

    /// <summary>Every process id /proc lists.</summary>
    public static IEnumerable<int> ProcessIds()
    {
        foreach (var dir in Directory.EnumerateDirectories("/proc"))
        {
            if (int.TryParse(Path.GetFileName(dir), out var pid))
            {
                yield return pid;
            }
        }
    }

    /// <summary>One field of /proc/PID/status (e.g. <c>Cpus_allowed_list</c>), trimmed; null when absent or unreadable.</summary>
    public static string? StatusField(int pid, string name)
    {
        var prefix = name + ":";
        return ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith(prefix, StringComparison.Ordinal))?[prefix.Length..].Trim();
    }

    /// <summary>The process's cgroup v2 path (the <c>0::</c> line of /proc/PID/cgroup), or null.</summary>
    public static string? CgroupV2Path(int pid) =>
        ReadLines($"/proc/{pid}/cgroup").FirstOrDefault(l => l.StartsWith("0::", StringComparison.Ordinal))?[3..];

    /// <summary>The ids of the process's threads (/proc/PID/task), or null when the list cannot be read.</summary>
    public static IReadOnlyList<int>? ThreadIds(int pid)
    {
        try
        {
            var ids = new List<int>();
            foreach (var task in Directory.EnumerateDirectories($"/proc/{pid}/task"))
            {
                if (int.TryParse(Path.GetFileName(task), out var tid))
                {
                    ids.Add(tid);
                }
            }
            return ids;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>One thread's stat line ("tid (name) state ..."), or null when the thread ended or cannot be read.</summary>
    public static string? ThreadStat(int pid, int tid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/task/{tid}/stat");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>
    /// One thread's schedstat line ("ns on CPU, ns waiting in a run queue, timeslices"), or null when the thread ended or
    /// the kernel keeps no such figures (built without CONFIG_SCHED_INFO; not Linux).
    /// </summary>
    public static string? ThreadSchedStat(int pid, int tid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/task/{tid}/schedstat");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>A kernel file's lines (/proc, /sys), none when it cannot be read: the process or cgroup may be gone.</summary>
    internal static IEnumerable<string> ReadLines(string path)
    {
        try
        {
            return File.ReadAllLines(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>One variable of the process's start-up environment (/proc/PID/environ), or null when unset or unreadable.</summary>
    public static string? EnvironmentVariable(int pid, string name)
    {
        try
        {
            var prefix = name + "=";
            foreach (var entry in File.ReadAllText($"/proc/{pid}/environ").Split('\0'))
            {
                if (entry.StartsWith(prefix, StringComparison.Ordinal) && entry.Length > prefix.Length)
                {
                    return entry[prefix.Length..];
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
        return null;
    }

    /// <summary>
    /// The pid the process sees for itself (the last NSpid of /proc/PID/status): in a container with its own pid
    /// namespace the runtime names its socket with that one, often 1. The host pid when unreadable.
    /// </summary>
    public static int PidInOwnNamespace(int pid)
    {
        try
        {
            var line = File.ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith("NSpid:", StringComparison.Ordinal));
            return ParseNamespacePid(line) ?? pid;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return pid;
        }
    }

    internal static int? ParseNamespacePid(string? nspidLine)
    {
        var fields = nspidLine?.Split([' ', '\t'], StringSplitOptions.RemoveEmptyEntries);
        return fields is { Length: > 1 } && int.TryParse(fields[^1], out var inner) ? inner : null;
    }

    /// <summary>
    /// The path under which this process sees a path of <paramref name="pid"/>'s file system: the kernel shows every
    /// process's root, its own mount namespace included, at /proc/PID/root.
    /// </summary>
    public static string UnderRootOf(int pid, string path) => $"/proc/{pid}/root/{path.TrimStart('/')}";

    /// <summary>
    /// True when the process's mount namespace is not this one (a container): its /tmp is not ours. False when the
    /// namespace link is unreadable (another user's process), where nothing more can be seen anyway.
    /// </summary>
    public static bool HasOtherMountNamespace(int pid)
    {
        try
        {
            var theirs = new FileInfo($"/proc/{pid}/ns/mnt").LinkTarget;
            var ours = OwnMountNamespace.Value;
            return theirs is not null && ours is not null && theirs != ours;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>
    /// The CPU time (user + system clock ticks, fields 14 and 15 of /proc/PID/stat) of <paramref name="parent"/>'s children
    /// named <paramref name="name"/>, summed; null when it has none. A helper the parent forked (the runtime's
    /// createdump) shows it works by this growing, even while the file it writes does not yet.
    /// </summary>
    public static long? ChildCpuTicks(int parent, string name)
    {
        long? total = null;
        foreach (var pid in ProcessIds())
        {
            try
            {
                var stat = File.ReadAllText($"/proc/{pid}/stat");
                if (ParseParentId(stat) == parent && Name(pid) == name && ParseCpuTicks(stat) is { } ticks)
                {
                    total = (total ?? 0) + ticks;
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // Gone between the listing and the read.
            }
        }
        return total;
    }

    internal static long? ParseCpuTicks(string stat)
    {
        var afterName = stat.LastIndexOf(')');
        var fields = afterName < 0 ? [] : stat[(afterName + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        // fields[0] is the state (stat's field 3), so utime (14) and stime (15) are fields[11] and fields[12].
        return fields.Length > 12 && long.TryParse(fields[11], out var user) && long.TryParse(fields[12], out var system) ? user + system : null;
    }

    /// <summary>The parent pid (field 4 of /proc/PID/stat), or null when the process is gone or unreadable.</summary>
    public static int? ParentId(int pid)
    {
        try
        {
            return ParseParentId(File.ReadAllText($"/proc/{pid}/stat"));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    internal static int? ParseParentId(string stat)
    {
        var afterName = stat.LastIndexOf(')');
        var fields = afterName < 0 ? [] : stat[(afterName + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return fields.Length > 1 && int.TryParse(fields[1], out var parent) ? parent : null;
    }

    /// <summary>
    /// The processes below <paramref name="root"/> (children, their children...), oldest first: the order a launched
    /// command started them, so a "first match" is the one it started first.
    /// </summary>
    public static IReadOnlyList<int> Descendants(int root)
    {
        var children = new Dictionary<int, List<int>>();
        foreach (var pid in ProcessIds())
        {
            if (ParentId(pid) is { } parent)
            {
                (children.TryGetValue(parent, out var list) ? list : children[parent] = []).Add(pid);
            }
        }
        var found = new List<int>();
        var pending = new Queue<int>([root]);
        while (pending.Count > 0)
        {
            foreach (var child in children.GetValueOrDefault(pending.Dequeue()) ?? [])
            {
                found.Add(child);
                pending.Enqueue(child);
            }
        }
        return [.. found.OrderBy(p => StartTime(p) ?? long.MaxValue).ThenBy(p => p)];
    }
}
