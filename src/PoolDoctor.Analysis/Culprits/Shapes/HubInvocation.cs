using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A SignalR hub method runs through a delegate SignalR compiles for it (<c>ObjectMethodExecutor</c>), called by the
/// hub dispatcher (<c>DefaultHubDispatcher&lt;THub&gt;.ExecuteMethod</c>); a short hub method is inlined into it. The
/// request on that thread is the hub's connection (<c>GET /hubs/inventory</c>, the WebSocket), whose route names no
/// handler: the candidates are the app's hub classes' methods (a type deriving, directly or through the app's own base,
/// from <c>Hub</c> or <c>Hub&lt;T&gt;</c>), and the entry is the hub method that reaches the call site.
/// </summary>
public sealed class HubInvocation : IInvokerShape
{
    private const string SignalRNamespace = "Microsoft.AspNetCore.SignalR";
    private const string HubBase = "Microsoft.AspNetCore.SignalR.Hub";

    public static HubInvocation Shape { get; } = new();

    private HubInvocation()
    {
    }

    public InvokerKind Kind => InvokerKind.Hub;

    /// <summary>SignalR's hub dispatcher (<c>Microsoft.AspNetCore.SignalR.Internal.DefaultHubDispatcher</c>).</summary>
    public bool IsInvokerFrame(FrameName caller) =>
        (caller.Namespace == SignalRNamespace || caller.Namespace.StartsWith(SignalRNamespace + ".", StringComparison.Ordinal))
        && caller.TypeFullName.Contains("HubDispatcher", StringComparison.Ordinal);

    /// <summary>Every method the app's hub types declare (not constructors, accessors or compiler-made ones).</summary>
    public IReadOnlyList<string> Roots(CallGraph graph)
    {
        // Several assemblies may define one name (each compiler-embedded attribute): the first one's base stands.
        var bases = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (var type in graph.Types)
        {
            bases.TryAdd(type.FullName, type.BaseType);
        }
        var hubs = graph.Types.Where(t => DerivesFromHub(t.FullName, bases)).Select(t => t.FullName).ToHashSet(StringComparer.Ordinal);
        return [.. graph.Methods
            .Where(m => hubs.Contains(m.TypeFullName) && !m.Method.StartsWith('.') && !m.Method.StartsWith('<')
                && !m.Method.StartsWith("get_", StringComparison.Ordinal) && !m.Method.StartsWith("set_", StringComparison.Ordinal))
            .Select(m => m.TypeFullName + "." + m.Method)
            .Distinct()];
    }

    public WorkEntry? Entry(FrameName? root, WorkEntry? requestEntry) => root is null ? requestEntry : new WorkEntry(EntryKind.HubMethod, root.Display);

    // The app's own base hubs count (ChatHub : AppHub : Hub); a base outside the app is SignalR's Hub or not a hub.
    private static bool DerivesFromHub(string type, Dictionary<string, string?> bases)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var current = type; seen.Add(current) && bases.TryGetValue(current, out var baseType) && baseType is not null; current = baseType)
        {
            // The call graph spells a generic base without its arguments or arity: Hub<IClient> reads as Hub.
            if (baseType == HubBase)
            {
                return true;
            }
        }
        return false;
    }
}
