using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Asks the app's IL (when the capture read it) two questions, once per distinct question in an analysis: where in a
/// sampled call site's body the blocking call is (file:line), and which user method the JIT inlined out of a stack
/// given the request's handler. Without a call graph both answers are "unknown", never a guess.
/// </summary>
public sealed class CallSiteResolver(CallGraph graph)
{
    private readonly Dictionary<(string Api, string Hint), IReadOnlyList<InlinedCallSite>> _found = [];
    private readonly Dictionary<string, (string? Template, IReadOnlyList<string> Handlers)> _paths = new(StringComparer.Ordinal);
    private readonly Dictionary<(IlPosition At, string Api), InlinedAt?> _at = [];
    private readonly Dictionary<(string?, string?, string?, string?, string, int), IReadOnlyList<(FrameName, CallSiteLocation?)>> _above = [];
    private CallGraphIndex? _index;
    private readonly Dictionary<IInvokerShape, IReadOnlyList<string>> _shapeRoots = [];

    public static CallSiteResolver None { get; } = new(CallGraph.Empty);

    private HostedServiceTypes? _hosted;

    /// <summary>The frame is a method of one of the app's hosted services (<see cref="HostedServiceTypes"/>).</summary>
    public bool InHostedService(FrameName frame) => (_hosted ??= new HostedServiceTypes(graph)).Declares(frame);

    /// <summary>The blocking call inside a method that is on the stack: its first matching call's location.</summary>
    public CallSiteLocation? Locate(FrameName site, BlockingApi api)
    {
        if (graph.Methods.Count == 0)
        {
            return null;
        }
        var owner = CallGraphIndex.WithoutTypeArguments(site.Owner);
        var own = Find(api, site.QualifiedOwner).FirstOrDefault(s => CallGraphIndex.WithoutTypeArguments(s.Method.Owner) == owner && s.Chain.Count <= 1);
        return own?.First;
    }

    /// <summary>
    /// Whether the sampled method's own IL calls exactly this API (a driver's sync <c>ExecuteScalar</c>, not its
    /// <c>ExecuteScalarAsync</c>); false without a call graph.
    /// </summary>
    public bool Calls(FrameName site, BlockingApi api)
    {
        if (graph.Methods.Count == 0)
        {
            return false;
        }
        var owner = CallGraphIndex.WithoutTypeArguments(site.Owner);
        return Find(api, site.QualifiedOwner).Any(s =>
            s.Match == ApiMatch.Exact && s.Chain.Count <= 1 && CallGraphIndex.WithoutTypeArguments(s.Method.Owner) == owner);
    }

    /// <summary>
    /// What the statement a sampled frame of the app was in calls: the API itself, or user methods the JIT inlined into
    /// the frame that reach it (<see cref="InlinedAtOffset"/>); null without the frame's IL.
    /// </summary>
    public InlinedAt? At(IlPosition? at, BlockingApi api)
    {
        if (at is null || graph.Methods.Count == 0)
        {
            return null;
        }
        var key = (at, api.Api);
        if (!_at.TryGetValue(key, out var found))
        {
            _index ??= new CallGraphIndex(graph);
            found = InlinedAtOffset.Read(graph, _index, at, api);
            _at[key] = found;
        }
        return found;
    }

    /// <summary>
    /// The call of the sampled frame's method into this library method when its signature returns a task (its IL, at
    /// the frame's position), as "Type.Method": the frame awaits or hands on what the call returns, so a thread blocked
    /// under that call is blocked by the library's own code before it returned, not by the call. Null without the
    /// frame's IL, or when the call returns no task.
    /// </summary>
    /// <remarks>When the frame's IL does not call the target (tier-1 code inlined the package's public method the user
    /// called, leaving a frame of the package's own async body), the statement at the frame's IL offset decides: every
    /// call it makes into the target's assembly returns a task.</remarks>
    public string? AwaitableCall(IlPosition? at, FrameName target, string? targetModule)
    {
        if (at is null || graph.Methods.Count == 0)
        {
            return null;
        }
        _index ??= new CallGraphIndex(graph);
        if (_index.Method(at.Module, at.Token) is not { } method)
        {
            return null;
        }
        var exact = method.Calls.Where(c => c.TargetMethod == target.Method && c.TargetTypeFullName == target.TypeFullName).ToList();
        if (exact.Count > 0)
        {
            return exact.Any(c => c.ReturnsAwaitable) ? target.Owner : null;
        }
        if (at.IlOffset is not { } offset || AssemblyName(targetModule) is not { } assembly)
        {
            return null;
        }
        var next = method.SequencePoints.Where(p => p.IlOffset > offset).Select(p => p.IlOffset).DefaultIfEmpty(int.MaxValue).Min();
        var into = method.Calls
            .Where(c => c.IlOffset >= offset && c.IlOffset < next && string.Equals(c.TargetAssembly, assembly, StringComparison.OrdinalIgnoreCase))
            .ToList();
        return into.Count > 0 && into.All(c => c.ReturnsAwaitable) && into.Select(c => (c.TargetTypeFullName, c.TargetMethod)).Distinct().Count() == 1
            ? ShortType(into[0].TargetTypeFullName) + "." + into[0].TargetMethod
            : null;
    }

    private static string ShortType(string fullName) => fullName.LastIndexOf('.') is var dot and >= 0 ? fullName[(dot + 1)..] : fullName;

    private static string? AssemblyName(string? module) =>
        string.IsNullOrEmpty(module) || module == "?" ? null
        : module.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? module[..^4] : module;

    /// <summary>The user methods reachable from the handler that call the API, best first (empty when unknown).</summary>
    public IReadOnlyList<InlinedCallSite> Inlined(BlockingApi api, string handlerHint) =>
        graph.Methods.Count == 0 ? [] : Find(api, handlerHint);

    /// <summary>
    /// The user methods reachable from the app's methods of a framework invoker's shape (its view components' invoke
    /// methods, its hub methods) that call the API, best first; each one's chain starts at the root that reaches it.
    /// </summary>
    public IReadOnlyList<InlinedCallSite> InlinedIn(IInvokerShape shape, BlockingApi api)
    {
        if (graph.Methods.Count == 0)
        {
            return [];
        }
        if (!_shapeRoots.TryGetValue(shape, out var roots))
        {
            roots = shape.Roots(graph);
            _shapeRoots[shape] = roots;
        }
        return FindFrom(api, roots);
    }

    /// <summary>The user methods reachable from the handler mapped to a request path (minimal APIs), best first.</summary>
    public IReadOnlyList<InlinedCallSite> InlinedForPath(BlockingApi api, string path)
    {
        if (graph.Methods.Count == 0)
        {
            return [];
        }
        var key = (api.Api, "path:" + path);
        if (!_found.TryGetValue(key, out var sites))
        {
            sites = InlinedCallSiteRecovery.FindForPath(graph, api, path);
            _found[key] = sites;
        }
        return sites;
    }

    /// <summary>
    /// The user methods reachable from the handler a route literal maps to the request's path, else to its route
    /// template (a request known from routing's events may carry only the template), best first.
    /// </summary>
    public IReadOnlyList<InlinedCallSite> InlinedForRoute(BlockingApi api, RequestContext? request)
    {
        foreach (var target in new[] { request?.Path, request?.Route })
        {
            if (!string.IsNullOrWhiteSpace(target) && InlinedForPath(api, target) is { Count: > 0 } sites)
            {
                return sites;
            }
        }
        return [];
    }

    /// <summary>
    /// The user methods reachable from the handlers of the Razor Page the request ran (called by a generated delegate:
    /// the search starts from each one the page's verb selects), best first.
    /// </summary>
    public IReadOnlyList<InlinedCallSite> InlinedForPage(BlockingApi api, RequestContext? request) =>
        graph.Methods.Count > 0 && RazorPageHandlers.Of(graph, request) is { Count: > 0 } handlers
            ? FindFrom(api, handlers.Select(h => h.TypeFullName + "." + h.Method))
            : [];

    /// <summary>
    /// The methods the request's endpoint runs, as the app's IL says: the handler ASP.NET Core named, else the handlers
    /// a route literal maps to the request's path, else to its template. Empty when unknown.
    /// </summary>
    public IReadOnlyList<IlMethod> Handlers(RequestContext? request)
    {
        if (request is null || graph.Methods.Count == 0)
        {
            return [];
        }
        _index ??= new CallGraphIndex(graph);
        if (EndpointNames.Handler(request) is not null && (request.Action ?? request.Endpoint) is { } hint)
        {
            return _index.Entries(hint);
        }
        if (RazorPageHandlers.Of(graph, request) is { Count: > 0 } pageHandlers)
        {
            return pageHandlers;
        }
        foreach (var target in new[] { request.Path, request.Route })
        {
            if (!string.IsNullOrWhiteSpace(target) && _index.MappedHandlers(target) is { Count: > 0 } mapped)
            {
                return mapped;
            }
        }
        return [];
    }

    /// <summary>A method read from IL, named as a stack frame would name it.</summary>
    public FrameName NameOf(IlMethod method)
    {
        _index ??= new CallGraphIndex(graph);
        return FrameNameParser.Parse(_index.RuntimeName(method));
    }

    /// <summary>
    /// The user methods between the request's handler and a sampled frame of the app that generated code called (the
    /// handler's delegate, where the JIT inlined them), outermost first, the frame itself left out. Empty when the frame
    /// is the handler, or the IL does not give one path from one handler. Each comes with its call to the next, for its line.
    /// </summary>
    public IReadOnlyList<(FrameName Name, CallSiteLocation? Call)> InlinedAbove(RequestContext? request, IlPosition? frame)
    {
        if (frame is null || request is null || graph.Methods.Count == 0)
        {
            return [];
        }
        // Every sampled stack asks; the answer depends only on the request's names and the frame's method.
        var key = (request.Action, request.Endpoint, request.Path, request.Route, frame.Module, frame.Token);
        if (!_above.TryGetValue(key, out var found))
        {
            found = Above(request, frame);
            _above[key] = found;
        }
        return found;
    }

    private IReadOnlyList<(FrameName Name, CallSiteLocation? Call)> Above(RequestContext request, IlPosition frame)
    {
        if (Handlers(request) is not { Count: > 0 } handlers || _index!.Method(frame.Module, frame.Token) is not { } target)
        {
            return [];
        }
        var paths = handlers
            .Select(h => InlinedCallSiteRecovery.PathBetween(_index, h, target))
            .OfType<IReadOnlyList<IlMethod>>()
            .ToArray();
        return paths is [var path]
            ? [.. path.Zip(path.Skip(1)).Select(pair => (NameOf(pair.First), InlinedCallSiteRecovery.CallInto(_index, pair.First, pair.Second)))]
            : [];
    }

    /// <summary>
    /// The user code the JIT inlined into generated request code that sits right under a library frame: the one user
    /// method reachable from the request's handler whose IL calls that library method (an EF Core query's
    /// <c>Enumerable.ToList</c> in <c>ProductQueries.Cheap</c>, called by a lambda, both inlined into the endpoint's
    /// delegate), with the path to it (handler first) and each step's call. Empty when the handler is unknown or two
    /// methods make that call.
    /// </summary>
    public IReadOnlyList<(FrameName Name, CallSiteLocation? Call)> InlinedCallerOf(RequestContext? request, FrameName library)
    {
        if (Handlers(request) is not { Count: > 0 } handlers || library.TypeFullName.Length == 0)
        {
            return [];
        }
        var found = InlinedCallSiteRecovery.Calling(_index!, handlers, library.TypeFullName, library.Method);
        if (found is not [var (path, call)])
        {
            return [];
        }
        return [.. path.Select((m, i) => (NameOf(m), i + 1 < path.Count ? InlinedCallSiteRecovery.CallInto(_index!, m, path[i + 1]) : InlinedCallSiteRecovery.Locate(m, call)))];
    }

    /// <summary>The route template a minimal API maps this path with (null when the IL does not say).</summary>
    public string? TemplateFor(string path) => Path(path).Template;

    /// <summary>The handlers (as frames name their owner, <c>MinimalScenarios.TaskWait</c>) a route literal maps to this path.</summary>
    public IReadOnlyList<string> HandlersFor(string path) => Path(path).Handlers;

    private (string? Template, IReadOnlyList<string> Handlers) Path(string path)
    {
        if (graph.Methods.Count == 0)
        {
            return (null, []);
        }
        if (!_paths.TryGetValue(path, out var found))
        {
            _index ??= new CallGraphIndex(graph);
            found = (_index.Template(path), [.. _index.MappedHandlers(path).Select(m => FrameNameParser.Parse(_index.RuntimeName(m)).Owner).Distinct()]);
            _paths[path] = found;
        }
        return found;
    }

    // Several places the search may start from (a page's handlers, an invoker shape's methods): each one's sites, once, the
    // exact matches of the API first.
    private IReadOnlyList<InlinedCallSite> FindFrom(BlockingApi api, IEnumerable<string> hints) =>
        [.. hints.SelectMany(h => Find(api, h)).DistinctBy(s => (s.Method.Owner, s.First.FileAndLine)).OrderBy(s => s.Match == ApiMatch.Exact ? 0 : 1)];

    private IReadOnlyList<InlinedCallSite> Find(BlockingApi api, string hint)
    {
        var key = (api.Api, hint);
        if (!_found.TryGetValue(key, out var sites))
        {
            sites = InlinedCallSiteRecovery.Find(graph, api, hint);
            _found[key] = sites;
        }
        return sites;
    }

    /// <summary>
    /// The user method whose IL calls into a package's assembly (or, for a graph that did not record assemblies, its
    /// namespaces, as its frames on the stack name them): how the app reaches a package it does not call on the stack,
    /// its registration (<c>AddRedisWindowLimiter</c> in a lambda in <c>Program.Main</c>, <c>AddRedis</c> in
    /// <c>Program.Main</c>). Null without a call graph or when no user method calls into it.
    /// </summary>
    public (FrameName Method, string Call, IlSequencePoint? At)? CallerInto(IReadOnlyCollection<string> namespaces, IReadOnlyCollection<string> assemblies)
    {
        if (graph.Methods.Count == 0 || namespaces.Count + assemblies.Count == 0)
        {
            return null;
        }
        _index ??= new CallGraphIndex(graph);
        // The assembly a call goes into decides; a namespace only where the graph did not record it (a package's
        // registration often sits in Microsoft.Extensions.DependencyInjection, which many assemblies share).
        var byAssembly = new HashSet<string>(assemblies, StringComparer.OrdinalIgnoreCase);
        foreach (var method in graph.Methods)
        {
            foreach (var call in method.Calls)
            {
                var dot = call.TargetTypeFullName.LastIndexOf('.');
                var into = call.TargetAssembly is { } assembly
                    ? byAssembly.Contains(assembly)
                    : dot > 0 && namespaces.Contains(call.TargetTypeFullName[..dot]);
                if (into)
                {
                    var type = dot > 0 ? call.TargetTypeFullName[(dot + 1)..] : call.TargetTypeFullName;
                    return (FrameNameParser.Parse(_index.RuntimeName(method)), type + "." + call.TargetMethod, method.LocationOf(call.IlOffset));
                }
            }
        }
        return null;
    }
}
