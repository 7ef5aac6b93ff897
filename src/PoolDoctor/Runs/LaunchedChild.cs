namespace PoolDoctor.Runs;

/// <summary>
/// Which process of a launched command is the one to diagnose. By default the command itself; `dotnet test` runs the
/// tests in a `testhost` process it starts (through MSBuild and vstest), so there the first `testhost*` below it;
/// `--child NAME` names any other (e.g. the app `dotnet run` starts).
/// </summary>
internal static class LaunchedChild
{
    public const string TestHost = "testhost*";

    /// <summary>How long the command may take to start that process: `dotnet test` restores and builds first.</summary>
    public static readonly TimeSpan StartLimit = TimeSpan.FromMinutes(10);

    /// <summary>The name pattern of the process to attach to below the command, or null for the command itself.</summary>
    public static string? PatternFor(IReadOnlyList<string> command, string? given)
    {
        if (given is not null)
        {
            if (given.Trim().Length == 0 || given.Trim() == "*")
            {
                throw new UsageException($"--child: '{given}' names no process (give a name as 'ps' shows it, optionally ending in '*')");
            }
            return given.Trim();
        }
        return IsDotnetTest(command) ? TestHost : null;
    }

    internal static bool IsDotnetTest(IReadOnlyList<string> command) =>
        command.Count > 1
        && Path.GetFileNameWithoutExtension(command[0]).Equals("dotnet", StringComparison.OrdinalIgnoreCase)
        && command[1].Equals("test", StringComparison.OrdinalIgnoreCase);
}
