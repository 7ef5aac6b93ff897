namespace PoolDoctor.Collect.Attach;

/// <summary>Reads the few facts about a process that Linux's /proc offers without attaching to it.</summary>
internal static class ProcFs
{
    public static bool Exists(int pid) => Directory.Exists($"/proc/{pid}");

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
