using System.CommandLine;

namespace PoolDoctor.Cli;

/// <summary>The rules of the verbs that can start their target with `-- COMMAND ARGS...` (diagnose, compare), said alike.</summary>
internal static class LaunchChecks
{
    public const string TargetAndCommand = "give either a target (-p/-n/--diagnostic-port) or a command after '--', not both";

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
}
