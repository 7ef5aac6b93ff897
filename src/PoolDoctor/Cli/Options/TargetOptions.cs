using System.CommandLine;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Cli;

/// <summary>The dotnet-* family's way to name a target: -p/--process-id, -n/--name or --diagnostic-port, exactly one.</summary>
internal sealed class TargetOptions
{
    public Option<int?> ProcessId { get; } = new("--process-id", "-p") { HelpName = "PID", Description = "The id of the .NET process to attach to." };

    public Option<string?> Name { get; } = new("--name", "-n") { HelpName = "NAME", Description = "The name of the .NET process to attach to (see 'ps')." };

    // --dport is dotnet-trace's and dotnet-counters' short spelling.
    public Option<string?> DiagnosticPort { get; } = new("--diagnostic-port", "--dport")
    {
        HelpName = "PORT",
        Description = "A diagnostic port to use instead of -p/-n: a socket path, with ',connect' or ',listen' for a reverse port (default: connect if the socket exists, else listen).",
    };

    public void AddTo(Command command)
    {
        command.Options.Add(ProcessId);
        command.Options.Add(Name);
        command.Options.Add(DiagnosticPort);
    }

    /// <summary>Null when none was given (verbs that can also launch a target accept that); throws on two or more.</summary>
    public TargetSpec? Read(ParseResult parse)
    {
        var pid = parse.GetValue(ProcessId);
        var name = parse.GetValue(Name);
        var port = parse.GetValue(DiagnosticPort);
        var given = (pid is null ? 0 : 1) + (string.IsNullOrWhiteSpace(name) ? 0 : 1) + (string.IsNullOrWhiteSpace(port) ? 0 : 1);
        if (given > 1)
        {
            throw new UsageException("give only one of -p/--process-id, -n/--name and --diagnostic-port/--dport");
        }
        if (pid is <= 0)
        {
            throw new UsageException($"--process-id: '{pid}' is not a process id (a number above 0)");
        }
        // NETCore.Client knows two modes; anything else after the comma would be a failed attach with its own words.
        if (!string.IsNullOrWhiteSpace(port) && port.LastIndexOf(',') is var comma and >= 0
            && port[(comma + 1)..].Trim() is var mode && !mode.Equals("connect", StringComparison.OrdinalIgnoreCase) && !mode.Equals("listen", StringComparison.OrdinalIgnoreCase))
        {
            throw new UsageException($"--diagnostic-port: '{port}' ends in ',{mode}'; the mode is ',connect' or ',listen'");
        }
        return given == 0 ? null : new TargetSpec(pid, string.IsNullOrWhiteSpace(name) ? null : name, string.IsNullOrWhiteSpace(port) ? null : port);
    }

    public TargetSpec ReadRequired(ParseResult parse) =>
        Read(parse) ?? throw new UsageException("name the target with -p/--process-id, -n/--name or --diagnostic-port");
}
