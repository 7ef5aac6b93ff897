using System.Text.RegularExpressions;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Finds the runtime's default diagnostics sockets, <c>$TMPDIR/dotnet-diagnostic-{pid}-{key}-socket</c>.
/// NETCore.Client's own GetPublishedProcesses reads every process's environ and throws on the first kernel
/// thread it cannot read, so `ps` would fail on ordinary machines; this scan skips what it cannot read.
/// </summary>
internal static partial class DiagnosticSockets
{
    [GeneratedRegex(@"^dotnet-diagnostic-(\d+)-(\d+)-socket$")]
    private static partial Regex SocketName();

    public static IReadOnlyList<int> PublishedProcessIds()
    {
        var directories = new HashSet<string>(StringComparer.Ordinal) { Path.GetTempPath(), "/tmp" };
        foreach (var pid in ProcessIds())
        {
            if (TmpDirOf(pid) is { } dir)
            {
                directories.Add(dir);
            }
        }
        var found = new SortedSet<int>();
        foreach (var dir in directories)
        {
            foreach (var (pid, key) in Sockets(dir))
            {
                if (ProcFs.Exists(pid) && IsLive(pid, key))
                {
                    found.Add(pid);
                }
            }
        }
        return [.. found];
    }

    public static bool IsPublished(int pid)
    {
        var dirs = new[] { TmpDirOf(pid), Path.GetTempPath(), "/tmp" };
        return dirs.Where(d => d is not null).Distinct().Any(d => Sockets(d!).Any(s => s.Pid == pid && IsLive(pid, s.Key)));
    }

    /// <summary>The path of the process's own live socket, or null; the runtime version probe connects to it.</summary>
    public static string? PathOf(int pid)
    {
        var dirs = new[] { TmpDirOf(pid), Path.GetTempPath(), "/tmp" };
        foreach (var dir in dirs.Where(d => d is not null).Distinct())
        {
            foreach (var (owner, key) in Sockets(dir!))
            {
                if (owner == pid && IsLive(pid, key))
                {
                    return Path.Combine(dir!, $"dotnet-diagnostic-{pid}-{key}-socket");
                }
            }
        }
        return null;
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

    private static IEnumerable<int> ProcessIds()
    {
        foreach (var dir in Directory.EnumerateDirectories("/proc"))
        {
            if (int.TryParse(Path.GetFileName(dir), out var pid))
            {
                yield return pid;
            }
        }
    }

    private static string? TmpDirOf(int pid)
    {
        try
        {
            var environ = File.ReadAllText($"/proc/{pid}/environ");
            foreach (var entry in environ.Split('\0'))
            {
                if (entry.StartsWith("TMPDIR=", StringComparison.Ordinal) && entry.Length > 7)
                {
                    return entry[7..];
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
        return null;
    }
}
