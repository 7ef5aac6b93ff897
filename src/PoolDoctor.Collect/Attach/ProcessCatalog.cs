using PoolDoctor.Model.Targets;

namespace PoolDoctor.Collect.Attach;

/// <summary>Finds .NET processes with a diagnostics endpoint and resolves -p / -n to exactly one of them.</summary>
public static class ProcessCatalog
{
    public static IReadOnlyList<TargetProcess> List()
    {
        var self = Environment.ProcessId;
        return DiagnosticSockets.PublishedProcessIds()
            .Where(pid => pid != self && ProcFs.Exists(pid))
            .Distinct()
            .Order()
            .Select(Describe)
            .ToList();
    }

    public static TargetProcess Describe(int pid) => new(pid, DisplayName(pid), ProcFs.CommandLine(pid));

    /// <summary>Checks that <paramref name="pid"/> is a .NET process we can talk to, with a precise reason when it is not.</summary>
    public static TargetProcess ResolvePid(int pid)
    {
        if (pid <= 0)
        {
            throw new AttachException($"'{pid}' is not a valid process id");
        }
        if (!ProcFs.Exists(pid))
        {
            throw new AttachException($"no process with id {pid}");
        }
        if (!DiagnosticSockets.IsPublished(pid))
        {
            var name = DisplayName(pid);
            throw new AttachException(ProcFs.HasCoreClr(pid)
                ? $"process {pid} ({name}) is a .NET process without a diagnostics endpoint (was it started with DOTNET_EnableDiagnostics=0?)"
                : $"process {pid} ({name}) is not a .NET process, or its diagnostics endpoint is not visible to this user");
        }
        return Describe(pid);
    }

    /// <summary>Matches the process name, or the entry assembly's file name for `dotnet app.dll` processes.</summary>
    public static TargetProcess ResolveName(string name)
    {
        var matches = List().Where(p => NameMatches(p, name)).ToList();
        return matches.Count switch
        {
            1 => matches[0],
            0 => throw new AttachException($"no .NET process named '{name}' (see '{"dotnet-pooldoctor"} ps')"),
            _ => throw new AttachException(
                $"the name '{name}' matches {matches.Count} processes, pick one with -p: "
                + string.Join(", ", matches.Select(m => $"{m.ProcessId} ({m.CommandLine})"))),
        };
    }

    /// <summary>
    /// The first process below <paramref name="root"/> (in start order) whose name matches <paramref name="pattern"/>
    /// (a process name as `ps` shows it, case-insensitive, with an optional trailing '*': "testhost*") and that has
    /// a diagnostics endpoint; null while there is none.
    /// </summary>
    public static TargetProcess? FindDescendant(int root, string pattern)
    {
        foreach (var pid in ProcFs.Descendants(root))
        {
            var process = Describe(pid);
            if (KnownAs(process).Any(name => PatternMatches(name, pattern)) && DiagnosticSockets.IsPublished(pid))
            {
                return process;
            }
        }
        return null;
    }

    internal static bool PatternMatches(string name, string pattern) =>
        pattern.EndsWith('*')
            ? name.StartsWith(pattern[..^1], StringComparison.OrdinalIgnoreCase)
            : string.Equals(name, pattern, StringComparison.OrdinalIgnoreCase);

    internal static bool NameMatches(TargetProcess process, string name) =>
        KnownAs(process).Any(known => string.Equals(known, name, StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// The names a process answers to: its display name, and for the lab also the executable's name, which scripts and
    /// earlier docs used (`-n dotnet-pooldoctor`) before the lab was named for what it is.
    /// </summary>
    private static IEnumerable<string> KnownAs(TargetProcess process) =>
        process.Name == Lab ? [Lab, ToolExecutable] : [process.Name];

    private const string ToolExecutable = "dotnet-pooldoctor";

    /// <summary>`dotnet app.dll` shows up as "dotnet" in /proc; the dll's name is what users call it.</summary>
    internal static string DisplayName(int pid)
    {
        var comm = ProcFs.Name(pid);
        // The arguments as the kernel keeps them (split at NULs): a path with a space stays one argument.
        var arguments = ProcFs.Arguments(pid);
        var name = EntryAssemblyName(comm, arguments) ?? UntruncatedName(comm, arguments);
        return LabName(name, arguments) ?? name;
    }

    /// <summary>What the tool's own lab (`dotnet-pooldoctor lab`) is called in lists, messages and reports.</summary>
    public const string Lab = "pooldoctor-lab";

    /// <summary>
    /// The lab runs inside the tool's own executable, so the kernel names it "dotnet-pooldoctor" and a report of it read
    /// as the tool starving itself. Its command line says what it is; the pid stays its own.
    /// </summary>
    internal static string? LabName(string name, IReadOnlyList<string> arguments)
    {
        if (!name.Equals(ToolExecutable, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }
        // After the executable (and the tool's .dll when the dotnet host runs it) comes the verb.
        var verb = arguments
            .Skip(1)
            .SkipWhile(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            .FirstOrDefault();
        return verb == "lab" ? Lab : null;
    }

    /// <summary>
    /// The kernel cuts /proc/PID/comm to 15 characters ("dotnet-pooldoct"); the executable's file name in the
    /// command line is the whole name, so use it when it starts with the cut one.
    /// </summary>
    internal static string UntruncatedName(string comm, IReadOnlyList<string> arguments)
    {
        const int commLimit = 15;
        if (comm.Length < commLimit || arguments.Count == 0)
        {
            return comm;
        }
        var executable = Path.GetFileName(arguments[0]);
        return executable.StartsWith(comm, StringComparison.Ordinal) ? executable : comm;
    }

    internal static string? EntryAssemblyName(string comm, IReadOnlyList<string> arguments)
    {
        if (comm != "dotnet")
        {
            return null;
        }
        var dll = arguments
            .Skip(1)
            .FirstOrDefault(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase));
        return dll is null ? null : Path.GetFileNameWithoutExtension(dll);
    }
}
