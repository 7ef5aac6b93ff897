using Microsoft.Diagnostics.Tracing;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Follows ASP.NET Core's request events through a trace (in time order) and says which request each thread serves:
/// the latest request that started on it, or whose MVC action began on it, and has not stopped since. A request that
/// began before the session has no start event, so its thread serves nothing known (never guessed). Details that
/// arrive later (MVC's action, after routing) fill the request's context after the fact, which is why samples keep a
/// request index and contexts are read at the end.
/// </summary>
internal sealed class RequestTracker
{
    public const int None = -1;

    private readonly List<RequestFields> _requests = [];
    private readonly Dictionary<string, int> _byTraceId = new(StringComparer.Ordinal);
    private readonly Dictionary<int, int> _servedBy = [];
    private RequestContext?[]? _contexts;

    /// <summary>The request each thread serves now, as contexts (for a capture that starts later).</summary>
    public IReadOnlyDictionary<int, ServedRequest> Serving()
    {
        var traceIds = _byTraceId.ToDictionary(t => t.Value, t => t.Key);
        return _servedBy
            .Where(s => Context(s.Value) is not null && traceIds.ContainsKey(s.Value))
            .ToDictionary(s => s.Key, s => new ServedRequest(traceIds[s.Value], Context(s.Value)!));
    }

    /// <summary>
    /// Starts a trace already knowing what each thread serves (seen by an earlier session): those threads serve it
    /// until an event in this trace says otherwise.
    /// </summary>
    public void Seed(IReadOnlyDictionary<int, ServedRequest> serving)
    {
        foreach (var (thread, (traceId, context)) in serving)
        {
            var request = New(traceId, new RequestFields
            {
                Method = context.HttpMethod,
                Path = context.Path,
                Route = context.Route,
                Action = context.Action,
            });
            Serve(thread, request);
        }
        _contexts = null;
    }

    /// <summary>The request thread <paramref name="threadId"/> serves now, or <see cref="None"/>.</summary>
    public int At(int threadId) => _servedBy.GetValueOrDefault(threadId, None);

    public void Add(TraceEvent e)
    {
        if (AspNetCoreEventPayload.TryRead(e) is { } bridged)
        {
            Add(e.ThreadID, bridged);
        }
    }

    public void Add(int threadId, AspNetCoreEventPayload bridged)
    {
        if (bridged.TraceId is null)
        {
            return;
        }
        switch (bridged.EventName)
        {
            case AspNetCoreEvents.RequestStart:
                Serve(threadId, New(bridged.TraceId, new RequestFields
                {
                    Method = bridged.Field(AspNetCoreEvents.Method),
                    Path = bridged.Field(AspNetCoreEvents.Path),
                }));
                break;
            case AspNetCoreEvents.RequestStop:
                Stop(threadId, bridged);
                break;
            case AspNetCoreEvents.BeforeAction:
                Action(threadId, bridged);
                break;
        }
    }

    public RequestContext? Context(int request)
    {
        if (request == None)
        {
            return null;
        }
        _contexts ??= [.. _requests.Select(r => r.ToContext())];
        return _contexts[request];
    }

    private int New(string traceId, RequestFields fields)
    {
        var request = _requests.Count;
        _requests.Add(fields);
        _byTraceId[traceId] = request;
        return request;
    }

    /// <summary>The thread runs the request from now on; the thread it ran on before (before an await) no longer does.</summary>
    private void Serve(int threadId, int request)
    {
        var fields = _requests[request];
        if (fields.Thread is { } before && before != threadId && _servedBy.GetValueOrDefault(before, None) == request)
        {
            _servedBy.Remove(before);
        }
        fields.Thread = threadId;
        _servedBy[threadId] = request;
        _contexts = null;
    }

    // MVC invokes the action synchronously on the thread that writes BeforeAction: that thread runs the request now,
    // even when the request started elsewhere, or before the session (then only the action and route are known).
    private void Action(int threadId, AspNetCoreEventPayload bridged)
    {
        if (!_byTraceId.TryGetValue(bridged.TraceId!, out var request))
        {
            // A request that began before the session: the action's own event still says what it is.
            request = New(bridged.TraceId!, new RequestFields
            {
                Method = bridged.Field(AspNetCoreEvents.Method),
                Path = bridged.Field(AspNetCoreEvents.Path),
            });
        }
        var fields = _requests[request];
        fields.Action ??= bridged.Field(AspNetCoreEvents.Action);
        fields.Route ??= RouteOf(bridged.Field(AspNetCoreEvents.Template));
        Serve(threadId, request);
    }

    /// <summary>
    /// A request that began before the session and ends on <c>threadId</c> now: the thread served it until now, so the
    /// reader may give it the thread's samples since the thread's last request event. Null when nothing ended unseen.
    /// </summary>
    public int? FinishedUnseen { get; private set; }

    private void Stop(int threadId, AspNetCoreEventPayload bridged)
    {
        FinishedUnseen = null;
        if (!_byTraceId.Remove(bridged.TraceId!, out var request))
        {
            var path = bridged.Field(AspNetCoreEvents.Path);
            if (path is not null)
            {
                // Never started in this trace: it was running before the session began.
                var fields = new RequestFields { Method = bridged.Field(AspNetCoreEvents.Method), Path = path, Thread = threadId };
                _requests.Add(fields);
                FinishedUnseen = _requests.Count - 1;
                _contexts = null;
            }
            return;
        }
        // The stop may run on another thread (after an await); the request is over wherever it ran.
        if (_requests[request].Thread is { } thread && _servedBy.GetValueOrDefault(thread, None) == request)
        {
            _servedBy.Remove(thread);
        }
        _contexts = null;
    }

    // MVC's attribute route template has no leading slash ("api/orders/{id}"); the path it matches does.
    private static string? RouteOf(string? template) => template is null ? null : "/" + template.TrimStart('/');

    private sealed class RequestFields
    {
        /// <summary>The thread that runs the request now (where it started, or where MVC invoked its action).</summary>
        public int? Thread { get; set; }
        public string? Method { get; init; }
        public string? Path { get; init; }
        public string? Route { get; set; }
        public string? Action { get; set; }

        public RequestContext ToContext() => new(Method, Path, Route, Endpoint: null, Action);
    }
}
