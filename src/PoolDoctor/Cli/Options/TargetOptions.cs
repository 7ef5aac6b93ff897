using System.CommandLine;
using System.CommandLine.Parsing;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// The dotnet-* family's way to name a target: -p/--process-id, -n/--name or --diagnostic-port, exactly one. Each value
/// is checked while parsing (a process id above 0, a port's mode `,connect` or `,listen`); <see cref="Read"/> checks
/// that only one was given.
/// </summary>
internal sealed class TargetOptions
{
    public Option<int?> ProcessId { get; } = new("--process-id", "-p")
    {
        HelpName = "PID",
        Description = "The id of the .NET process to attach to.",
        CustomParser = result => result.Tokens.Count == 0 ? null
            : (int?)WholeNumbers.Parse(result, "--process-id", pid => pid > 0 ? null : $"--process-id: '{pid}' is not a process id (a number above 0)"),
    };

    public Option<string?> Name { get; } = new("--name", "-n") { HelpName = "NAME", Description = "The name of the .NET process to attach to (see 'ps')." };

    // --dport is dotnet-trace's and dotnet-counters' short spelling.
    public Option<string?> DiagnosticPort { get; } = new("--diagnostic-port", "--dport")
    {
        HelpName = "PORT",
        Description = "A diagnostic port to use instead of -p/-n: a socket path, with ',connect' or ',listen' for a reverse port (default: connect if the socket exists, else listen).",
        CustomParser = ParsePort,
    };

    /// <summary>
    /// How long the target has to answer each wait that starts something (the connection, a session, a listen port's
    /// first connection); one option for every attaching verb, so a paused target ends every verb alike (exit 1).
    /// </summary>
    public DurationOption AttachTimeout { get; } = DurationOption.Create(
        "--attach-timeout", [],
        "How long the target has to answer the connection, a session start or (for a ',listen' port) to connect, before the run fails (exit 1).",
        defaultText: "5s", maximum: TimeSpan.FromMinutes(10));

    public void AddTo(Command command)
    {
        command.Options.Add(ProcessId);
        command.Options.Add(Name);
        command.Options.Add(DiagnosticPort);
        command.Options.Add(AttachTimeout.Option);
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
        return given == 0 ? null : new TargetSpec(pid, string.IsNullOrWhiteSpace(name) ? null : name, string.IsNullOrWhiteSpace(port) ? null : port)
        {
            AttachTimeout = AttachTimeout.ReadOrDefault(parse),
        };
    }

    public TargetSpec ReadRequired(ParseResult parse) =>
        Read(parse) ?? throw new UsageException("name the target with -p/--process-id, -n/--name or --diagnostic-port");

    /// <summary>
    /// A socket path, optionally with its mode. NETCore.Client knows two modes; anything else after the comma would be
    /// a failed attach with its own words. Which mode a bare path gets is <see cref="DiagnosticPortMode"/>'s rule.
    /// </summary>
    private static string? ParsePort(ArgumentResult result)
    {
        if (result.Tokens.Count == 0)
        {
            return null;
        }
        var port = result.Tokens[0].Value;
        if (!string.IsNullOrWhiteSpace(port) && port.LastIndexOf(',') is var comma and >= 0
            && port[(comma + 1)..].Trim() is var mode && !mode.Equals("connect", StringComparison.OrdinalIgnoreCase) && !mode.Equals("listen", StringComparison.OrdinalIgnoreCase))
        {
            result.AddError($"--diagnostic-port: '{port}' ends in ',{mode}'; the mode is ',connect' or ',listen'");
        }
        return port;
    }
}
