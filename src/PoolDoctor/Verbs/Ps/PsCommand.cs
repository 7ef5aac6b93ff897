using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Verbs.Ps;

/// <summary>`ps`: the .NET processes PoolDoctor can attach to, like `dotnet-counters ps`.</summary>
internal static class PsCommand
{
    internal static Command Create(IToolConsole console)
    {
        var command = new Command("ps", "List the .NET processes that expose a diagnostics endpoint (pid, name, command line).");
        VerbAction.Set(command, _ =>
        {
            foreach (var process in ProcessCatalog.List())
            {
                console.Out.WriteLine($"{process.ProcessId,8}  {process.Name,-24}  {process.CommandLine}");
            }
            return RunEnd.Ok;
        });
        return command;
    }
}
