namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A minimal API endpoint delegate (a lambda or method group mapped with <c>MapGet</c>) inlined into ASP.NET Core's
/// generated delegate, with no handler named by the request's events: the route literal in the app's IL that maps the
/// request's path (else its route template) says which handler, and the IL from it gives back the call site.
/// </summary>
public sealed class RouteHandlerInlined : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked) =>
        blocked.CallerNotOnStack && !blocked.HandlerNamed && blocked.Il.InlinedForRoute(blocked.Api, blocked.Request) is { Count: > 0 } sites
            ? SiteParts.InlinedIntoEndpoint(blocked, sites)
            : null;
}
