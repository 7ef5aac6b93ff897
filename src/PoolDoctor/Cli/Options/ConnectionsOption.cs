using System.CommandLine;
using PoolDoctor.Load;

namespace PoolDoctor.Cli.Options;

/// <summary>`-c`/`--connections` of every verb that runs the built-in load: one default, one check, one message.</summary>
internal static class ConnectionsOption
{
    public static Option<int> Create(string description) => new("--connections", "-c")
    {
        HelpName = "N",
        Description = description,
        DefaultValueFactory = _ => LoadOptions.DefaultConnections,
        CustomParser = result => WholeNumbers.Parse(result, "--connections", count => count >= 1 ? null : $"--connections: must be at least 1 (got {count})"),
    };
}
