using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// The app's hosted services, from its IL: types deriving (directly or through the app's own bases) from
/// <c>BackgroundService</c> or implementing <c>IHostedService</c>. A blocked loop in one serves no request, whatever
/// request the thread's events joined to its samples.
/// </summary>
internal sealed class HostedServiceTypes
{
    private const string BackgroundService = "Microsoft.Extensions.Hosting.BackgroundService";
    private const string HostedService = "Microsoft.Extensions.Hosting.IHostedService";

    private readonly HashSet<string> _types;

    public HostedServiceTypes(CallGraph graph)
    {
        var types = new Dictionary<string, IlType>(StringComparer.Ordinal);
        foreach (var type in graph.Types)
        {
            types.TryAdd(Dotted(type.FullName), type);
        }
        _types = [.. types.Keys.Where(t => IsHosted(t, types))];
    }

    /// <summary>Whether the frame's declaring type (its closure or state machine's owner) is a hosted service.</summary>
    public bool Declares(FrameName frame) =>
        _types.Count > 0 && frame.Types.Count > 0
        && _types.Contains(CallGraphIndex.WithoutTypeArguments((frame.Namespace.Length == 0 ? "" : frame.Namespace + ".") + string.Join('.', frame.Types)));

    private static bool IsHosted(string type, Dictionary<string, IlType> types)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var current = type; seen.Add(current) && types.TryGetValue(current, out var il);)
        {
            if (il.Interfaces.Any(i => Dotted(i) == HostedService) || il.BaseType is BackgroundService)
            {
                return true;
            }
            if (il.BaseType is not { } baseType)
            {
                return false;
            }
            current = Dotted(baseType);
        }
        return false;
    }

    private static string Dotted(string name) => name.Replace('+', '.');
}
