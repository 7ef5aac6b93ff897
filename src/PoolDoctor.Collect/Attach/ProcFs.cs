namespace PoolDoctor.Collect.Attach;

/// <summary>Reads the few facts about a process that Linux's /proc offers without attaching to it.</summary>
internal static class ProcFs
{
    public static bool Exists(int pid) => Directory.Exists($"/proc/{pid}");

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
}
