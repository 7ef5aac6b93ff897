using System.CommandLine;
using PoolDoctor.Load;

namespace PoolDoctor.Cli;

/// <summary>`-c`/`--connections` of every verb that runs the built-in load: one default, one check, one message.</summary>
internal static class ConnectionsOption
{
    public static Option<int> Create(string description) => new("--connections", "-c")
    {
        HelpName = "N",
        Description = description,
        DefaultValueFactory = _ => LoadOptions.DefaultConnections,
    };

    /// <summary>The count asked for; less than 1 is a usage error.</summary>
    public static int Read(ParseResult parse, Option<int> option)
    {
        var count = parse.GetValue(option);
        return count >= 1 ? count : throw new UsageException($"--connections: must be at least 1 (got {count})");
    }
}
