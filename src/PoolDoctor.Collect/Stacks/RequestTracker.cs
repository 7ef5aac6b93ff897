using Microsoft.Diagnostics.Tracing;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Follows ASP.NET Core's request events through a trace (in time order) and says which request each thread serves:
/// a thread serves the latest request that started on it and has not stopped yet. A request that began before the
/// session has no start event, so its thread serves nothing known (never guessed). Details that arrive later (MVC's
/// action, after routing) fill the request's context after the fact, which is why samples keep a request index and
/// contexts are read at the end.
/// </summary>
internal sealed class RequestTracker
{
    public const int None = -1;

    private readonly List<RequestFields> _requests = [];
    private readonly Dictionary<string, int> _byTraceId = new(StringComparer.Ordinal);
    private readonly Dictionary<int, int> _servedBy = [];
    private RequestContext?[]? _contexts;

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
                Start(threadId, bridged);
                break;
            case AspNetCoreEvents.RequestStop:
                Stop(bridged);
                break;
            case AspNetCoreEvents.BeforeAction when _byTraceId.TryGetValue(bridged.TraceId, out var request):
                _requests[request].Action ??= bridged.Field(AspNetCoreEvents.Action);
                _requests[request].Route ??= RouteOf(bridged.Field(AspNetCoreEvents.Template));
                _contexts = null;
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

    private void Start(int threadId, AspNetCoreEventPayload bridged)
    {
        var request = _requests.Count;
        _requests.Add(new RequestFields(threadId)
        {
            Method = bridged.Field(AspNetCoreEvents.Method),
            Path = bridged.Field(AspNetCoreEvents.Path),
        });
        _byTraceId[bridged.TraceId!] = request;
        _servedBy[threadId] = request;
        _contexts = null;
    }

    private void Stop(AspNetCoreEventPayload bridged)
    {
        if (!_byTraceId.Remove(bridged.TraceId!, out var request))
        {
            return;
        }
        var fields = _requests[request];
        // The stop may run on another thread (after an await); the request is over wherever it started.
        if (_servedBy.GetValueOrDefault(fields.StartThread, None) == request)
        {
            _servedBy.Remove(fields.StartThread);
        }
        _contexts = null;
    }

    // MVC's attribute route template has no leading slash ("api/orders/{id}"); the path it matches does.
    private static string? RouteOf(string? template) => template is null ? null : "/" + template.TrimStart('/');

    private sealed class RequestFields(int startThread)
    {
        public int StartThread { get; } = startThread;
        public string? Method { get; init; }
        public string? Path { get; init; }
        public string? Route { get; set; }
        public string? Action { get; set; }

        public RequestContext ToContext() => new(Method, Path, Route, Endpoint: null, Action);
    }
}
