using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Decides which frames are the user's own code. By default: everything outside the runtime, the base library,
/// Microsoft's frameworks and well-known libraries and database drivers. With explicit prefixes
/// (<c>--user-code PREFIX</c>, repeatable) a frame is user code exactly when its namespace-qualified name starts
/// with one of them.
/// </summary>
public sealed class UserCode
{
    /// <summary>Namespaces (and the lab's stand-in driver) that are never the user's code unless prefixes say otherwise.</summary>
    public static IReadOnlyList<string> LibraryNamespaces { get; } =
    [
        "System", "Microsoft", "Internal", "Interop", "dynamicClass", "Windows", "FxResources", "Mono",
        "Npgsql", "MySqlConnector", "MySql", "Oracle", "StackExchange", "Dapper", "Grpc", "Google.Protobuf",
        "Polly", "Newtonsoft", "Serilog", "NLog", "AutoMapper", "MediatR", "FluentValidation", "Swashbuckle",
        "Azure", "Amazon", "Confluent", "RabbitMQ", "MongoDB", "Elasticsearch", "Nest", "Castle", "Autofac",
        "OpenTelemetry", "Pipelines.Sockets.Unofficial",
        "PoolDoctor.Lab.SimulatedDriver",
    ];

    // Modules that hold runtime glue rather than anyone's source code.
    private static readonly string[] LibraryModules = ["Anonymously Hosted DynamicMethods Assembly", "mscorlib", "netstandard"];

    private readonly IReadOnlyList<string> _prefixes;

    public UserCode(IReadOnlyList<string>? prefixes = null)
    {
        _prefixes = prefixes?.Where(p => !string.IsNullOrWhiteSpace(p)).Select(p => p.Trim()).ToArray() ?? [];
    }

    public static UserCode Default { get; } = new();

    /// <summary>The prefixes given by the user; empty means the default library list applies.</summary>
    public IReadOnlyList<string> Prefixes => _prefixes;

    public bool IsUserCode(StackFrame frame) => IsUserCode(frame.Module, FrameNames.Parse(frame.Method));

    public bool IsUserCode(string module, FrameName name)
    {
        if (name.Flavor == FrameFlavor.Unresolved)
        {
            return false;
        }
        var qualified = name.TypeFullName.Length == 0 ? name.Method : name.TypeFullName + "." + name.Method;
        if (_prefixes.Count > 0)
        {
            return _prefixes.Any(p => qualified.StartsWith(p, StringComparison.Ordinal));
        }
        if (LibraryModules.Contains(module, StringComparer.Ordinal)
            || IsUnder(module, "System") || IsUnder(module, "Microsoft"))
        {
            return false;
        }
        return !LibraryNamespaces.Any(ns => IsUnder(qualified, ns));
    }

    /// <summary>True when <paramref name="name"/> is <paramref name="ns"/> or lies under it (System matches System.Net, not Systematic).</summary>
    internal static bool IsUnder(string name, string ns) =>
        name.StartsWith(ns, StringComparison.Ordinal)
        && (name.Length == ns.Length || name[ns.Length] is '.' or '+' or '`');
}
