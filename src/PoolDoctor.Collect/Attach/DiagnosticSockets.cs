using System.Text.RegularExpressions;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Finds the runtime's default diagnostics sockets, <c>$TMPDIR/dotnet-diagnostic-{pid}-{key}-socket</c>, where the
/// target's runtime put them: its own TMPDIR (else /tmp), seen from here directly or, for a target in another mount
/// namespace (a container), through /proc/PID/root; the pid in the name is the one the target sees for itself.
/// NETCore.Client's own GetPublishedProcesses reads every process's environ and throws on the first kernel
/// thread it cannot read, so `ps` would fail on ordinary machines; this scan skips what it cannot read.
/// </summary>
internal static partial class DiagnosticSockets
{
    [GeneratedRegex(@"^dotnet-diagnostic-(\d+)-(\d+)-socket$")]
    private static partial Regex SocketName();

    [GeneratedRegex(@"^/proc/(\d+)/root/")]
    private static partial Regex UnderProcessRoot();

    /// <summary>
    /// The pid a diagnostic port's path names (0 for a custom name): the runtime's default socket name carries the pid
    /// the target sees for itself; a container's socket seen through /proc/PID/root names the host's pid in its prefix.
    /// </summary>
    public static int PidFromSocketName(string port)
    {
        var root = UnderProcessRoot().Match(port);
        if (root.Success && int.TryParse(root.Groups[1].ValueSpan, out var hostPid))
        {
            return hostPid;
        }
        var match = SocketName().Match(Path.GetFileName(port.Split(',')[0]));
        return match.Success && int.TryParse(match.Groups[1].ValueSpan, out var pid) ? pid : 0;
    }

    public static IReadOnlyList<int> PublishedProcessIds()
    {
        var directories = new HashSet<string>(StringComparer.Ordinal) { Path.GetTempPath(), "/tmp" };
        var elsewhere = new List<int>();
        foreach (var pid in ProcFs.ProcessIds())
        {
            if (ProcFs.HasOtherMountNamespace(pid))
            {
                elsewhere.Add(pid);
            }
            else if (ProcFs.EnvironmentVariable(pid, "TMPDIR") is { } dir)
            {
                directories.Add(dir);
            }
        }
        var found = new SortedSet<int>();
        foreach (var dir in directories)
        {
            foreach (var (pid, key) in Sockets(dir))
            {
                if (ProcFs.Exists(pid) && !ProcFs.HasOtherMountNamespace(pid) && IsLive(pid, key))
                {
                    found.Add(pid);
                }
            }
        }
        // A container's socket lives in its own /tmp and may carry its own pid (often 1): look for each one by its pid.
        foreach (var pid in elsewhere.Where(p => PathOf(p) is not null))
        {
            found.Add(pid);
        }
        return [.. found];
    }

    public static bool IsPublished(int pid) => PathOf(pid) is not null;

    /// <summary>The path, as seen from this process, of the process's own live socket, or null.</summary>
    public static string? PathOf(int pid)
    {
        var ownPid = ProcFs.PidInOwnNamespace(pid);
        foreach (var dir in Directories(pid))
        {
            foreach (var (owner, key) in Sockets(dir))
            {
                if (owner == ownPid && IsLive(pid, key))
                {
                    return Path.Combine(dir, $"dotnet-diagnostic-{owner}-{key}-socket");
                }
            }
        }
        return null;
    }

    /// <summary>
    /// True when NETCore.Client finds this socket by pid alone: it looks only in this process's temp directory, for the
    /// host pid. Any other place (the target's own TMPDIR, a container's /tmp) needs the path itself.
    /// </summary>
    public static bool IsWhereClientLooks(string socketPath, int pid) =>
        string.Equals(Path.GetDirectoryName(socketPath), Path.TrimEndingDirectorySeparator(Path.GetTempPath()), StringComparison.Ordinal)
        && Path.GetFileName(socketPath).StartsWith($"dotnet-diagnostic-{pid}-", StringComparison.Ordinal);

    /// <summary>
    /// Where the target's runtime may have put its socket, nearest first: its TMPDIR (the runtime's rule, /tmp without
    /// one) as seen from here, then the same directory inside its own root, which differs only for another mount namespace.
    /// </summary>
    internal static IEnumerable<string> Directories(int pid)
    {
        var theirs = ProcFs.EnvironmentVariable(pid, "TMPDIR") ?? "/tmp";
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var other = ProcFs.HasOtherMountNamespace(pid);
        IEnumerable<string> candidates = other
            ? [ProcFs.UnderRootOf(pid, theirs), ProcFs.UnderRootOf(pid, "/tmp")]
            : [theirs, Path.GetTempPath(), "/tmp"];
        foreach (var dir in candidates)
        {
            var normal = Path.TrimEndingDirectorySeparator(dir);
            if (seen.Add(normal))
            {
                yield return normal;
            }
        }
    }

    /// <summary>A socket is the process's own when its key is the process's start time; a killed process leaves its socket behind.</summary>
    private static bool IsLive(int pid, long key) => ProcFs.StartTime(pid) is not { } start || start == key;

    internal static IEnumerable<int> SocketOwners(string directory) => Sockets(directory).Select(s => s.Pid);

    internal static IEnumerable<(int Pid, long Key)> Sockets(string directory)
    {
        string[] files;
        try
        {
            files = Directory.GetFiles(directory, "dotnet-diagnostic-*-socket");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            yield break;
        }
        foreach (var file in files)
        {
            var match = SocketName().Match(Path.GetFileName(file));
            if (match.Success && int.TryParse(match.Groups[1].ValueSpan, out var pid) && long.TryParse(match.Groups[2].ValueSpan, out var key))
            {
                yield return (pid, key);
            }
        }
    }
}
