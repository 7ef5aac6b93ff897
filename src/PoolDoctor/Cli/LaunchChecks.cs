using System.CommandLine;
using PoolDoctor.Cli.Options;

namespace PoolDoctor.Cli;

/// <summary>The rules of the verbs that can start their target with `-- COMMAND ARGS...` (diagnose, compare), said alike.</summary>
internal static class LaunchChecks
{
    public const string TargetAndCommand = "give either a target (-p/-n/--diagnostic-port) or a command after '--', not both";

    /// <summary>A bare word where only options may stand (before '--'): the usage error that says where a command goes.</summary>
    public static string StrayArgument(string word) => $"unexpected argument '{word}': to launch a command, put it after --";

    /// <summary>`--child` and `--show-child-io` mean something only with a command to start: without one, a usage error.</summary>
    public static void ChildOptionsNeedCommand(ParseResult parse, bool launching, ChildOptions options)
    {
        if (launching)
        {
            return;
        }
        if (parse.GetValue(options.Child) is not null)
        {
            throw new UsageException("--child needs a command after '--'");
        }
        if (parse.GetValue(options.ShowChildIo))
        {
            throw new UsageException("--show-child-io needs a command after '--'");
        }
    }

    /// <summary>
    /// `dotnet X.dll` (or `dotnet exec X.dll`) with no such file: the muxer would hand the name to the SDK, which runs
    /// managed code just long enough to print "Could not execute…", and that host would be attached to in the app's
    /// place. Said up front, in one line naming the file.
    /// </summary>
    public static void AppFileExists(IReadOnlyList<string> command)
    {
        if (AppFile(command) is { } file && !File.Exists(file))
        {
            throw new RunFailedException($"'{file}' does not exist (no such file: {Path.GetFullPath(file)})");
        }
    }

    /// <summary>The .dll `dotnet` is asked to run, or null for any other command.</summary>
    internal static string? AppFile(IReadOnlyList<string> command)
    {
        if (command.Count < 2 || !Path.GetFileNameWithoutExtension(command[0]).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }
        var at = command[1].Equals("exec", StringComparison.OrdinalIgnoreCase) ? 2 : 1;
        // `dotnet exec --runtimeconfig X ...` takes options before the file: the first argument ending in .dll is it.
        var file = at == 1 ? command[1] : command.Skip(2).FirstOrDefault(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase));
        return file is not null && file.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? file : null;
    }
}
