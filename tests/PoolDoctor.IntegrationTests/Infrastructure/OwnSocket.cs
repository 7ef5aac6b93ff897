namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The runtime's default diagnostics socket of a live process, found by its key (the process's start time in clock
/// ticks, field 22 of /proc/PID/stat): a process killed earlier with the same pid leaves its own socket behind.
/// </summary>
internal static class OwnSocket
{
    public static string Of(int pid, string? directory = null)
    {
        var stat = File.ReadAllText($"/proc/{pid}/stat");
        // Fields after the command name, which may hold spaces and parentheses: state is field 3, start time field 22.
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        var key = fields[22 - 3];
        var path = Path.Combine(directory ?? Path.GetTempPath(), $"dotnet-diagnostic-{pid}-{key}-socket");
        return File.Exists(path) ? path : throw new FileNotFoundException($"no socket of process {pid}", path);
    }
}
