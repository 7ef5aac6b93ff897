namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// What a stacks session asks ASP.NET Core for, through the runtime's DiagnosticSource-to-EventSource bridge: the
/// hosting activity's start and stop (one pair per request) and MVC's BeforeAction, each with a few named payload
/// fields only. Every event carries the request's TraceIdentifier so a stop or an action finds its start whatever
/// thread it runs on. A process without ASP.NET Core never writes them: the session is otherwise the same.
/// </summary>
/// <remarks>
/// Hosting's own EventSource (Microsoft.AspNetCore.Hosting RequestStart/RequestStop) is not used: its stop carries no
/// request identity, so a stop on a thread cannot be told from another request's. Routing's EndpointMatched is not used
/// either: its payload is the HttpContext, and the endpoint is reachable from it only through an explicit interface
/// implementation (IEndpointFeature.Endpoint), which the bridge's property fetcher cannot name. Nor does the hosting
/// activity help: measured on ASP.NET Core 10.0.12, an activity created for the bridge (no ActivitySource listener)
/// carries no tags and keeps its operation name at the stop, so no "http.route". MVC's BeforeAction does name the action
/// and its attribute route template.
/// </remarks>
public static class AspNetCoreEvents
{
    public const string BridgeProvider = "Microsoft-Diagnostics-DiagnosticSource";

    /// <summary>The bridge's "Events" keyword: forward what FilterAndPayloadSpecs selects.</summary>
    public const long EventsKeyword = 0x2;

    public const string ListenerName = "Microsoft.AspNetCore";
    public const string RequestActivity = "Microsoft.AspNetCore.Hosting.HttpRequestIn";
    public const string RequestStart = RequestActivity + ".Start";
    public const string RequestStop = RequestActivity + ".Stop";
    public const string BeforeAction = "Microsoft.AspNetCore.Mvc.BeforeAction";

    // Payload field names, as the specs below name them.
    public const string TraceId = "TraceId";
    public const string Method = "Method";
    public const string Path = "Path";
    public const string Action = "Action";
    public const string Template = "Template";

    /// <summary>
    /// The bridge's filter: one line per DiagnosticSource event, "-" drops the implicit payload (every property's
    /// ToString, which would serialise the whole HttpContext). The bare activity line is there because hosting asks
    /// IsEnabled for the activity's name before it creates the activity whose start and stop are wanted.
    /// </summary>
    public static string FilterAndPayloadSpecs { get; } = string.Join('\n',
        $"{ListenerName}/{RequestActivity}:-",
        $"{ListenerName}/{RequestStart}:-{TraceId}=TraceIdentifier;{Method}=Request.Method;{Path}=Request.Path",
        $"{ListenerName}/{RequestStop}:-{TraceId}=TraceIdentifier;{Method}=Request.Method;{Path}=Request.Path",
        $"{ListenerName}/{BeforeAction}:-{TraceId}=HttpContext.TraceIdentifier;{Action}=ActionDescriptor.DisplayName;{Template}=ActionDescriptor.AttributeRouteInfo.Template;{Method}=HttpContext.Request.Method;{Path}=HttpContext.Request.Path");
}
