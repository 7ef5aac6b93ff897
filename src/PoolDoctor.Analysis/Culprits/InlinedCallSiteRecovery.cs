using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Recovers the user method the JIT inlined out of a sampled stack: when a blocked stack shows a blocking API under
/// framework or generated code only (<c>Task.GetResultCore ← lambda_method7</c>), the app's IL says which of its
/// methods call that API, and the call graph says which of them the request's entry method reaches.
/// </summary>
public static class InlinedCallSiteRecovery
{
    /// <summary>
    /// The user methods whose IL calls <paramref name="api"/> (awaits excluded), best first: exact API before
    /// same-kind, then nearest the entry, then by name. With <paramref name="entryHint"/> (<c>Shop.Handlers.GetCustomer</c>,
    /// <c>Ns.DiagScenarioController.TaskWait (Assembly)</c>) only methods reachable from it through the graph's calls
    /// count and each result's chain runs from the entry down; when the hint names no method in the graph, nothing
    /// is found. More than one result means the evidence does not decide: say "one of".
    /// </summary>
    public static IReadOnlyList<InlinedCallSite> Find(CallGraph graph, BlockingApi api, string? entryHint = null)
    {
        ArgumentNullException.ThrowIfNull(graph);
        ArgumentNullException.ThrowIfNull(api);
        var index = new CallGraphIndex(graph);
        return Find(graph, index, api, string.IsNullOrWhiteSpace(entryHint) ? null : index.Entries(entryHint));
    }

    /// <summary>The same search from entry methods already found (null: every method of the graph counts).</summary>
    internal static IReadOnlyList<InlinedCallSite> Find(CallGraph graph, CallGraphIndex index, BlockingApi api, IReadOnlyList<IlMethod>? entries)
    {
        var candidates = graph.Methods
            .Select(method => Candidate(method, api))
            .OfType<(IlMethod Method, BlockingApi Api, ApiMatch Match, IReadOnlyList<IlCall> Calls)>()
            .ToList();

        Dictionary<IlMethod, IlMethod?>? parents = null;
        Dictionary<IlMethod, int>? depths = null;
        if (entries is not null)
        {
            (parents, depths) = Reach(index, entries);
            candidates.RemoveAll(c => !depths.ContainsKey(c.Method));
        }

        return candidates
            .Select(c => new InlinedCallSite(
                FrameNameParser.Parse(index.RuntimeName(c.Method)),
                c.Method,
                c.Api,
                c.Match,
                Chain(index, c.Method, c.Calls[0], parents),
                c.Calls.Select(call => Locate(c.Method, call)).ToArray()))
            .OrderBy(s => s.Match)
            .ThenBy(s => depths?.GetValueOrDefault(s.Body) ?? 0)
            .ThenBy(s => s.Method.QualifiedOwner, StringComparer.Ordinal)
            .ThenBy(s => s.Body.Token)
            .ToArray();
    }

    /// <summary>
    /// The same search from a request path when ASP.NET Core named no endpoint (minimal APIs): the handlers mapped to
    /// the path by a route literal are the entries. Empty when no mapping in the app's IL matches the path.
    /// </summary>
    public static IReadOnlyList<InlinedCallSite> FindForPath(CallGraph graph, BlockingApi api, string path)
    {
        ArgumentNullException.ThrowIfNull(graph);
        var index = new CallGraphIndex(graph);
        return
        [
            .. index.MappedHandlers(path)
                .SelectMany(handler => Find(graph, api, handler.TypeFullName + "." + handler.Method))
                .DistinctBy(s => (s.Body.Module, s.Body.Token)),
        ];
    }

    internal static (IlMethod Method, BlockingApi Api, ApiMatch Match, IReadOnlyList<IlCall> Calls)? Candidate(IlMethod method, BlockingApi wanted, Func<IlCall, bool>? within = null)
    {
        var awaited = AwaitedCalls.Of(method);
        var matches = new List<(IlCall Call, BlockingApi Api, ApiMatch Match)>();
        foreach (var call in within is null ? method.Calls : method.Calls.Where(within))
        {
            if (call.Kind is IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction || awaited.Contains(call))
            {
                continue; // making a delegate is not calling it; an await does not block
            }
            if (BlockingApiTable.ClassifyCall(call.TargetTypeFullName, call.TargetMethod) is { } found && MatchOf(found, wanted) is { } match)
            {
                matches.Add((call, found, match));
            }
        }
        if (matches.Count == 0)
        {
            return null;
        }
        var best = matches.Min(m => m.Match);
        var kept = matches.Where(m => m.Match == best).ToArray();
        return (method, kept[0].Api, best, kept.Select(m => m.Call).ToArray());
    }

    private static ApiMatch? MatchOf(BlockingApi found, BlockingApi wanted)
    {
        if (found.Api == wanted.Api || (found.IsDriverCall && wanted.IsDriverCall && Verb(found.Api) == Verb(wanted.Api)))
        {
            return ApiMatch.Exact;
        }
        return found.Kind == wanted.Kind ? ApiMatch.SameKind : null;
    }

    private static string Verb(string api) => api[(api.LastIndexOf('.') + 1)..];

    /// <summary>The shortest path of calls from one method to another, both included; null when none.</summary>
    internal static IReadOnlyList<IlMethod>? PathBetween(CallGraphIndex index, IlMethod from, IlMethod to)
    {
        var (parents, _) = Reach(index, [from]);
        if (!parents.ContainsKey(to))
        {
            return null;
        }
        var path = new List<IlMethod>();
        for (IlMethod? step = to; step is not null; step = parents[step])
        {
            path.Add(step);
        }
        path.Reverse();
        return path;
    }

    /// <summary>
    /// The user methods reachable from the entries (the entries included) whose IL calls a library method by its
    /// declaring type and name, each with the shortest path to it, entry first.
    /// </summary>
    internal static IReadOnlyList<(IReadOnlyList<IlMethod> Path, IlCall Call)> Calling(CallGraphIndex index, IReadOnlyList<IlMethod> entries, string typeFullName, string method)
    {
        var (parents, _) = Reach(index, entries);
        var found = new List<(IReadOnlyList<IlMethod>, IlCall)>();
        foreach (var reached in parents.Keys)
        {
            if (reached.Calls.FirstOrDefault(c => c.TargetTypeFullName == typeFullName && c.TargetMethod == method
                && c.Kind is not (IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction)) is not { } call)
            {
                continue;
            }
            var path = new List<IlMethod>();
            for (IlMethod? step = reached; step is not null; step = parents[step])
            {
                path.Add(step);
            }
            path.Reverse();
            found.Add((path, call));
        }
        return found;
    }

    // Breadth-first from the entries: each reached method remembers the method it was first reached from.
    private static (Dictionary<IlMethod, IlMethod?> Parents, Dictionary<IlMethod, int> Depths) Reach(CallGraphIndex index, IReadOnlyList<IlMethod> entries)
    {
        var parents = new Dictionary<IlMethod, IlMethod?>(ReferenceEqualityComparer.Instance);
        var depths = new Dictionary<IlMethod, int>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<IlMethod>();
        foreach (var entry in entries.Where(e => parents.TryAdd(e, null)))
        {
            depths[entry] = 0;
            queue.Enqueue(entry);
        }
        while (queue.Count > 0)
        {
            var method = queue.Dequeue();
            foreach (var callee in index.Callees(method).Where(c => parents.TryAdd(c, method)))
            {
                depths[callee] = depths[method] + 1;
                queue.Enqueue(callee);
            }
        }
        return (parents, depths);
    }

    // Each frame at its call into the next one; the site at its call to the API.
    private static IReadOnlyList<InlinedFrame> Chain(CallGraphIndex index, IlMethod site, IlCall call, Dictionary<IlMethod, IlMethod?>? parents)
    {
        var path = new List<(FrameName Name, IlMethod Method)>();
        for (IlMethod? step = site; step is not null; step = parents is not null && parents.TryGetValue(step, out var parent) ? parent : null)
        {
            path.Add((FrameNameParser.Parse(index.RuntimeName(step)), step));
        }
        path.Reverse();
        // An async method's stub and its state machine are one method to the reader: keep the body.
        for (var i = path.Count - 2; i >= 0; i--)
        {
            if (path[i].Name.Flavor == FrameFlavor.Method && path[i + 1].Name.IsStateMachine && path[i].Name.QualifiedOwner == path[i + 1].Name.QualifiedOwner)
            {
                path.RemoveAt(i);
            }
        }
        return [.. path.Select((step, i) => new InlinedFrame(step.Name, i + 1 < path.Count ? CallInto(index, step.Method, path[i + 1].Method) : Locate(site, call)))];
    }

    /// <summary>Where <paramref name="caller"/>'s IL calls <paramref name="callee"/> (its first such call), for the
    /// line a chain frame the JIT inlined away is shown at; null when the call is not a direct one.</summary>
    internal static CallSiteLocation? CallInto(CallGraphIndex index, IlMethod caller, IlMethod callee)
    {
        var call = caller.Calls.FirstOrDefault(c => c.Kind is not (IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction)
            && index.Targets(c).Any(m => ReferenceEquals(m, callee)));
        return call is null ? null : Locate(caller, call);
    }

    internal static CallSiteLocation Locate(IlMethod method, IlCall call)
    {
        var point = method.LocationOf(call.IlOffset);
        return new CallSiteLocation(call.IlOffset, call.TargetTypeFullName, call.TargetMethod, point?.File, point?.Line) { SourceUrl = point?.SourceUrl };
    }
}
