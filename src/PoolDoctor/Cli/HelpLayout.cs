using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;
using System.Runtime.CompilerServices;

namespace PoolDoctor.Cli;

/// <summary>
/// `--help` in the dotnet-* family's words: a verb that starts a program says `[-- COMMAND ARGS...]`, as
/// dotnet-trace and dotnet-counters do, instead of System.CommandLine's `[&lt;command&gt;...]`, which reads as if
/// the command could come anywhere (it must come after '--'); and every help ends with the exit codes.
/// </summary>
internal static class HelpLayout
{
    private static readonly ConditionalWeakTable<Command, string> Usages = new();
    private static readonly ConditionalWeakTable<Argument, string> Labels = new();

    /// <summary>The usage line after the tool's name, e.g. `diagnose [options] [-- COMMAND ARGS...]`.</summary>
    public static void SetUsage(Command command, string usage) => Usages.AddOrUpdate(command, usage);

    /// <summary>The argument's name in the Arguments section, e.g. `-- COMMAND ARGS...`.</summary>
    public static void SetLabel(Argument argument, string label) => Labels.AddOrUpdate(argument, label);

    /// <summary>`-h` wins over every other problem on the line (`compare -h` without a URL shows help, not an error).</summary>
    public static bool IsHelp(ParseResult parsed) => parsed.Action is HelpAction or UsageLineAction;

    public static void Apply(RootCommand root)
    {
        var help = root.Options.OfType<HelpOption>().Single();
        if (help.Action is not HelpAction action)
        {
            return;
        }
        help.Action = new UsageLineAction(action);
    }

    /// <summary>Every verb's help ends with the exit codes a script can test (<see cref="ExitCodes"/>).</summary>
    internal static readonly string[] ExitCodeLines =
    [
        "Exit codes:",
        $"  {ExitCodes.Ok,-5}ok",
        $"  {ExitCodes.RunFailed,-5}the run failed (no such process, the target or command failed, a load that could not run)",
        $"  {ExitCodes.Usage,-5}bad call (unknown option, bad value, missing argument)",
        $"  {ExitCodes.GateFailed,-5}a gate failed (diagnose --fail-on; fix --verify: the patch did not help)",
        $"  {ExitCodes.Interrupted,-5}interrupted (Ctrl+C or SIGTERM; what was collected is written)",
    ];

    /// <summary>
    /// System.CommandLine 3 keeps its help layout internal: the default help is written to a buffer, and for the verbs
    /// that set one the line under "Usage:" and the argument's label are replaced.
    /// </summary>
    private sealed class UsageLineAction(HelpAction inner) : SynchronousCommandLineAction
    {
        public override int Invoke(ParseResult parseResult)
        {
            var configuration = parseResult.InvocationConfiguration;
            var output = configuration.Output;
            using var buffer = new StringWriter();
            configuration.Output = buffer;
            int code;
            try
            {
                code = inner.Invoke(parseResult);
            }
            finally
            {
                configuration.Output = output;
            }
            var lines = buffer.ToString().TrimEnd().Split(Environment.NewLine);
            if (Usages.TryGetValue(parseResult.CommandResult.Command, out var usage))
            {
                var at = Array.IndexOf(lines, "Usage:");
                if (at >= 0 && at + 1 < lines.Length)
                {
                    lines[at + 1] = $"  {CliApp.ToolName} {usage}";
                }
            }
            foreach (var argument in parseResult.CommandResult.Command.Arguments)
            {
                if (Labels.TryGetValue(argument, out var label))
                {
                    var plain = $"<{argument.HelpName ?? argument.Name}>";
                    for (var i = 0; i < lines.Length; i++)
                    {
                        lines[i] = lines[i].Replace($"  {plain}  ", $"  {label}  ", StringComparison.Ordinal);
                    }
                }
            }
            lines = [.. lines, "", .. ExitCodeLines, ""];
            output.Write(string.Join(Environment.NewLine, lines));
            return code;
        }
    }
}
