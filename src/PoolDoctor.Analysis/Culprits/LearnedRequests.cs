using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// A capture that starts while requests are already blocked sees no start event for them: their samples carry no
/// request. Other threads start requests of the same endpoint during the window, and their samples pair a code path
/// with the endpoint. The code path is the stack's own frames — user code and the generated delegate ASP.NET Core
/// compiles per endpoint (<c>dynamicClass.lambda_method9</c>) — so a stack with the same path serves the same endpoint.
/// A path seen with more than one endpoint is ambiguous and names none.
/// </summary>
internal sealed class LearnedRequests
{
    private readonly Dictionary<string, RequestContext> _byPath;
    private readonly Dictionary<string, RequestContext> _byHandler;
    private readonly Dictionary<string, RequestContext> _actions;
    private readonly CallSiteResolver _il;

    private LearnedRequests(
        Dictionary<string, RequestContext> byPath, Dictionary<string, RequestContext> byHandler, Dictionary<string, RequestContext> actions, CallSiteResolver il)
    {
        _byPath = byPath;
        _byHandler = byHandler;
        _actions = actions;
        _il = il;
    }

    /// <param name="il">Completes a minimal API's context from the app's IL: the route template its literal maps, and the
    /// handler it maps to (an async handler resumes on threads that served no request start).</param>
    public static LearnedRequests Learn(IEnumerable<(StackReading Reading, RequestContext? Request, long Samples)> stacks, CallSiteResolver il)
    {
        var list = stacks.ToList();
        // An MVC request's action is known from its action event; a context for the same path that missed it (seen only
        // at its stop) borrows it, so it never falls back on a minimal-API guess from the path.
        var actions = list
            .Select(s => s.Request)
            .Where(r => r is { Action: not null, Path: not null })
            .GroupBy(r => r!.Path!, StringComparer.Ordinal)
            .Where(g => g.Select(r => r!.Action).Distinct(StringComparer.Ordinal).Count() == 1)
            .ToDictionary(g => g.Key, g => g.First()!, StringComparer.Ordinal);
        var learned = new LearnedRequests([], [], actions, il);
        var seen = new Dictionary<string, Dictionary<RequestContext, long>>(StringComparer.Ordinal);
        var handlers = new Dictionary<string, Dictionary<RequestContext, long>>(StringComparer.Ordinal);
        foreach (var (reading, rawRequest, samples) in list)
        {
            if (learned.Complete(rawRequest) is not { } request)
            {
                continue;
            }
            foreach (var handler in HandlersOf(request, il))
            {
                if (!handlers.TryGetValue(handler, out var byHandler))
                {
                    handlers[handler] = byHandler = [];
                }
                var endpointOnly = request with { Path = request.Route is null ? request.Path : null };
                byHandler[endpointOnly] = byHandler.GetValueOrDefault(endpointOnly) + samples;
            }
            if (Key(reading) is not { } key)
            {
                continue;
            }
            // One endpoint, many paths (/customers/1, /customers/2): keep the route, drop the path when a route is known.
            var endpoint = request with { Path = request.Route is null ? request.Path : null };
            if (!seen.TryGetValue(key, out var counts))
            {
                seen[key] = counts = [];
            }
            counts[endpoint] = counts.GetValueOrDefault(endpoint) + samples;
        }
        return new LearnedRequests(Unambiguous(seen), Unambiguous(handlers), actions, il);
    }

    /// <summary>The endpoint a stack serves: learned for its code path, else for the handler its outermost user frame is.</summary>
    public RequestContext? For(StackReading reading)
    {
        if (Key(reading) is { } key && _byPath.TryGetValue(key, out var request))
        {
            return request;
        }
        return Outermost(reading) is { } owner && _byHandler.TryGetValue(owner, out var byHandler) ? byHandler : null;
    }

    /// <summary>A thread's own context, completed: an MVC action seen for the same path, else the route template a
    /// minimal API's literal maps the path with.</summary>
    public RequestContext? Complete(RequestContext? request)
    {
        if (request is { Action: null, Path: { Length: > 0 } path } && _actions.TryGetValue(path, out var action))
        {
            return request with { Action = action.Action, Route = request.Route ?? action.Route, HttpMethod = request.HttpMethod ?? action.HttpMethod };
        }
        return request is { Action: null, Route: null, Path: { Length: > 0 } p } && _il.TemplateFor(p) is { } template
            ? request with { Route = template }
            : request;
    }

    private static Dictionary<string, RequestContext> Unambiguous(Dictionary<string, Dictionary<RequestContext, long>> seen) =>
        seen.Where(s => s.Value.Keys.Select(EndpointNames.Describe).Distinct(StringComparer.Ordinal).Count() == 1)
            .ToDictionary(s => s.Key, s => Richest(s.Value), StringComparer.Ordinal);

    // The handler methods a request runs, as frames name their owner: MVC's action, else the minimal API mapped to its path.
    private static IEnumerable<string> HandlersOf(RequestContext request, CallSiteResolver il)
    {
        if (request.Action is not null && EndpointNames.Handler(request) is { } action)
        {
            return [action];
        }
        return request.Path is { Length: > 0 } path ? il.HandlersFor(path) : [];
    }

    private static string? Outermost(StackReading reading)
    {
        var end = StackRegions.EndOfWork(reading.Frames);
        for (var i = Math.Min(end, reading.Frames.Count) - 1; i >= 0; i--)
        {
            if (reading.Frames[i].IsUser)
            {
                return reading.Frames[i].Name.Owner;
            }
        }
        return null;
    }

    // The same endpoint seen through events that say more or less (a start with the method, an action with the route).
    private static RequestContext Richest(Dictionary<RequestContext, long> counts) =>
        counts.OrderByDescending(c => (c.Key.HttpMethod is null ? 0 : 1) + (c.Key.Route is null ? 0 : 1) + (c.Key.Action is null ? 0 : 1))
            .ThenByDescending(c => c.Value)
            .First().Key;

    // The frames that say which code this is: user code and generated delegates, leaf to root, within the work item.
    private static string? Key(StackReading reading)
    {
        var parts = new List<string>();
        var end = StackRegions.EndOfWork(reading.Frames);
        for (var i = 0; i < end && i < reading.Frames.Count; i++)
        {
            if (reading.Frames[i].IsUser || reading.Frames[i].IsGenerated)
            {
                parts.Add(reading.Frames[i].Cleaned);
            }
        }
        return parts.Count == 0 ? null : string.Join('\n', parts);
    }
}
