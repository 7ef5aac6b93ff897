using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Lookups over a call graph: methods by type and name, the user methods a call can land in (the named method, and
/// for virtual calls the overrides and interface implementations in derived types), and entry methods by a hint.
/// </summary>
internal sealed class CallGraphIndex
{
    private readonly Dictionary<(string Type, string Method), List<IlMethod>> _byName = [];
    private readonly Dictionary<string, List<IlMethod>> _byType = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<string>> _derived = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _namespaces = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Module, int Token), IlMethod> _byToken = [];
    private readonly Dictionary<string, string> _typeModules = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<IlMethod>> _byModule = new(StringComparer.OrdinalIgnoreCase);

    public CallGraphIndex(CallGraph graph)
    {
        foreach (var method in graph.Methods)
        {
            Add(_byName, (method.TypeFullName, method.Method), method);
            Add(_byType, method.TypeFullName, method);
            _byToken.TryAdd((method.Module.ToUpperInvariant(), method.Token), method);
            Add(_byModule, method.Module, method);
        }
        foreach (var type in graph.Types)
        {
            _namespaces.TryAdd(type.FullName, type.Namespace);
            _typeModules.TryAdd(type.FullName, type.Module);
            foreach (var parent in type.Interfaces.Append(type.BaseType).OfType<string>().Distinct(StringComparer.Ordinal))
            {
                Add(_derived, parent, type.FullName);
            }
        }
    }

    /// <summary>The graph's methods a call may run: the named method, the overrides and implementations of a
    /// virtual call, and the state machine body of an async method or iterator.</summary>
    public IEnumerable<IlMethod> Callees(IlMethod caller)
    {
        foreach (var method in caller.Calls.SelectMany(Targets))
        {
            yield return method;
        }
        if (caller.StateMachineType is { } stateMachine)
        {
            foreach (var method in Named(stateMachine, "MoveNext"))
            {
                yield return method;
            }
        }
    }

    /// <summary>The graph's methods one call may run: the named method and, for a virtual call, its overrides and
    /// implementations.</summary>
    public IEnumerable<IlMethod> Targets(IlCall call)
    {
        foreach (var method in Named(call.TargetTypeFullName, call.TargetMethod))
        {
            yield return method;
        }
        if (call.Kind is IlCallKind.CallVirt or IlCallKind.LoadVirtualFunction)
        {
            foreach (var method in Implementations(call.TargetTypeFullName, call.TargetMethod))
            {
                yield return method;
            }
        }
    }

    /// <summary>The method a sampled frame ran, by its module (file name, any case) and metadata token; null when the
    /// graph did not read it.</summary>
    public IlMethod? Method(string module, int token) =>
        _byToken.TryGetValue((module.ToUpperInvariant(), token), out var method) ? method : null;

    /// <summary>The methods the graph read from one module (file name, any case).</summary>
    public IReadOnlyList<IlMethod> MethodsOf(string module) => _byModule.TryGetValue(module, out var methods) ? methods : [];

    /// <summary>The module (file name) that defines a type of the graph; null when the graph did not read it.</summary>
    public string? ModuleOf(string typeFullName) => _typeModules.GetValueOrDefault(typeFullName);

    /// <summary>
    /// The methods an entry hint names: <c>Ns.Type.Method</c> or its tail (<c>Type.Method</c>, <c>Method</c>), nested
    /// types with '+' or '.'; ASP.NET Core's endpoint display names are understood: an MVC action's
    /// <c>Ns.Controller.Action (Assembly)</c> and a minimal-API handler's <c>HTTP: GET /x/{id} => Handler</c>
    /// (a local function handler matches by its own name). Overloads all count.
    /// </summary>
    public IReadOnlyList<IlMethod> Entries(string hint)
    {
        var text = hint.Trim();
        var route = MinimalApiRoute(text);
        var arrow = text.LastIndexOf("=>", StringComparison.Ordinal);
        if (arrow >= 0)
        {
            text = text[(arrow + 2)..].Trim();
        }
        var paren = text.IndexOf(" (", StringComparison.Ordinal);
        if (paren > 0)
        {
            text = text[..paren];
        }
        text = WithoutTypeArguments(text.Replace('+', '.'));
        if (text.Length == 0)
        {
            return [];
        }
        var named = _byName.Values.SelectMany(m => m)
            .Where(m => Matches(m.TypeFullName + "." + m.Method, text) || IsLocalFunction(m.Method, text))
            .ToArray();
        if (named.Length <= 1 || route is null)
        {
            return named;
        }
        // "=> Get" names every Get: the one mapped to this route is the one whose ldftn follows the route's literal.
        var mapped = named.Where(m => IsMappedTo(m, route)).ToArray();
        return mapped.Length > 0 ? mapped : named;
    }

    // "HTTP: GET /api/minimal/customers/{id} => GetCustomer" -> "/api/minimal/customers/{id}"
    private static string? MinimalApiRoute(string displayName)
    {
        if (!displayName.StartsWith("HTTP:", StringComparison.Ordinal))
        {
            return null;
        }
        var arrow = displayName.LastIndexOf("=>", StringComparison.Ordinal);
        var head = (arrow >= 0 ? displayName[..arrow] : displayName)["HTTP:".Length..].Trim();
        var space = head.IndexOf(' ', StringComparison.Ordinal);
        var route = (space >= 0 ? head[(space + 1)..] : head).Trim();
        return route.Length == 0 ? null : route;
    }

    /// <summary>
    /// The handlers mapped to a request path the way minimal APIs map them: a route literal (<c>"customers/{id}"</c>)
    /// loaded right before the handler's ldftn. Parameters in the template match any one segment. Used when ASP.NET Core
    /// named no endpoint (a minimal API gives only the path), so the literal is the only link from a path to its code.
    /// </summary>
    public IReadOnlyList<IlMethod> MappedHandlers(string path) => Mappings(path).SelectMany(m => m.Handlers).Distinct().ToArray();

    /// <summary>
    /// The route template that maps this path (<c>/api/minimal/customers/42</c> → <c>/api/minimal/customers/{id}</c>),
    /// when exactly one registration with parameters maps it; else null.
    /// </summary>
    public string? Template(string path)
    {
        var templates = Mappings(path).Select(m => m.Template).Where(t => t.Contains('{', StringComparison.Ordinal)).Distinct().ToArray();
        return templates.Length == 1 ? "/" + templates[0] : null;
    }

    /// <summary>
    /// Minimal-API registrations that map the whole path: a route literal loaded right before the handler's ldftn,
    /// under the literal passed to the nearest MapGroup before it in the same method (none: the root). The whole
    /// template must match, never just its tail: a tail would let `/api/orders/5`, served by an MVC controller, be
    /// blamed on a minimal API mapped at `/v2/orders/{id}`. A group built in another method leaves the prefix unknown,
    /// so such a route matches nothing: no name rather than a wrong one.
    /// </summary>
    private IEnumerable<(string Template, IReadOnlyList<IlMethod> Handlers)> Mappings(string path)
    {
        var segments = path.Split('?')[0].Trim('/').Split('/', StringSplitOptions.RemoveEmptyEntries);
        foreach (var body in _byName.Values.SelectMany(m => m))
        {
            foreach (var literal in body.Strings)
            {
                if (!LooksLikeRoute(literal.Value))
                {
                    continue;
                }
                // A call between the literal and the ldftn took the literal itself (MapHub<T>("/hubs/x"), MapGroup): the
                // delegate made after it is the next registration's handler, not this route's.
                var next = body.Calls.FirstOrDefault(c => c.IlOffset > literal.IlOffset && c.Kind is not IlCallKind.NewObj);
                if (next is null || next.Kind is not (IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction))
                {
                    continue;
                }
                var template = Join(GroupPrefix(body, literal.IlOffset), literal.Value);
                if (Matches(segments, template))
                {
                    yield return (template, Named(next.TargetTypeFullName, next.TargetMethod).ToArray());
                }
            }
        }
    }

    private static string GroupPrefix(IlMethod body, int before)
    {
        var group = body.Calls.LastOrDefault(c => c.IlOffset < before && c.TargetMethod == "MapGroup");
        if (group is null)
        {
            return "";
        }
        return body.Strings.LastOrDefault(s => s.IlOffset < group.IlOffset)?.Value ?? "";
    }

    private static string Join(string prefix, string literal) =>
        string.Join('/', new[] { prefix.Trim('/'), literal.Trim('/') }.Where(p => p.Length > 0));

    private static bool LooksLikeRoute(string literal) =>
        literal.Trim('/').Length > 0 && !literal.Any(char.IsWhiteSpace) && literal.Length <= 200;

    private static bool Matches(string[] path, string template)
    {
        var parts = template.Split('/', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length != path.Length)
        {
            return false;
        }
        for (var i = 0; i < parts.Length; i++)
        {
            var isParameter = parts[i].StartsWith('{') && parts[i].EndsWith('}');
            if (!isParameter && !string.Equals(parts[i], path[i], StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }
        return true;
    }

    private bool IsMappedTo(IlMethod handler, string route) =>
        Mappings(route).Any(m => m.Handlers.Contains(handler));

    // A local function "Handler" compiles to "<Outer>g__Handler|0_0".
    private static bool IsLocalFunction(string metadataName, string name) =>
        metadataName.Contains(">g__" + name + "|", StringComparison.Ordinal);

    /// <summary>The method's name as the runtime spells it in stack frames (<c>Shop.Program+&lt;&gt;c.&lt;Main&gt;b__0_1</c>),
    /// so <see cref="FrameNameParser.Parse"/> reads it the way it reads a sampled frame.</summary>
    public string RuntimeName(IlMethod method)
    {
        var type = method.TypeFullName;
        if (_namespaces.TryGetValue(type, out var ns) && ns.Length > 0 && type.StartsWith(ns + ".", StringComparison.Ordinal))
        {
            type = ns + "." + type[(ns.Length + 1)..].Replace('.', '+');
        }
        else if (ns is not null && ns.Length == 0)
        {
            type = type.Replace('.', '+');
        }
        return type + "." + method.Method;
    }

    // Frames name a generic type "Repository<T>"; the IL names it "Repository" (no arity). Compiler-made names such as
    // "<Main>$" are left alone: their '<' follows a dot or another '<', never a letter.
    internal static string WithoutTypeArguments(string name)
    {
        var builder = new System.Text.StringBuilder(name.Length);
        for (var i = 0; i < name.Length; i++)
        {
            if (name[i] == '<' && i > 0 && (char.IsLetterOrDigit(name[i - 1]) || name[i - 1] == '_'))
            {
                var close = name.IndexOf('>', i);
                if (close > i && name.AsSpan(i + 1, close - i - 1).IndexOfAny('<', '(') < 0)
                {
                    i = close;
                    continue;
                }
            }
            builder.Append(name[i]);
        }
        return builder.ToString();
    }

    private static bool Matches(string qualified, string hint) =>
        qualified == hint
        || (qualified.EndsWith(hint, StringComparison.Ordinal) && qualified[qualified.Length - hint.Length - 1] == '.');

    private IEnumerable<IlMethod> Named(string type, string method) =>
        _byName.TryGetValue((type, method), out var found) ? found : [];

    private readonly Dictionary<(string Type, string Method), IlMethod[]> _implementations = [];

    // Overrides share the name; explicit interface implementations are named "Ns.IFace.Method". Worked out once per
    // name: a virtual call on System.Object walks every type of the graph.
    private IlMethod[] Implementations(string type, string method)
    {
        if (!_implementations.TryGetValue((type, method), out var found))
        {
            _implementations[(type, method)] = found = [.. FindImplementations(type, method)];
        }
        return found;
    }

    private IEnumerable<IlMethod> FindImplementations(string type, string method)
    {
        foreach (var derived in DerivedTypes(type))
        {
            if (!_byType.TryGetValue(derived, out var members))
            {
                continue;
            }
            foreach (var member in members)
            {
                if (member.Method == method || member.Method.EndsWith("." + method, StringComparison.Ordinal))
                {
                    yield return member;
                }
            }
        }
    }

    private List<string> DerivedTypes(string type)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal) { type };
        var queue = new Queue<string>([type]);
        var result = new List<string>();
        while (queue.Count > 0)
        {
            if (!_derived.TryGetValue(queue.Dequeue(), out var children))
            {
                continue;
            }
            foreach (var child in children.Where(seen.Add))
            {
                result.Add(child);
                queue.Enqueue(child);
            }
        }
        return result;
    }

    private static void Add<TKey, TValue>(Dictionary<TKey, List<TValue>> map, TKey key, TValue value)
        where TKey : notnull
    {
        if (!map.TryGetValue(key, out var list))
        {
            map[key] = list = [];
        }
        list.Add(value);
    }
}
