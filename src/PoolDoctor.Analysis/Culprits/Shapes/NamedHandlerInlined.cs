namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// An MVC action, or a minimal API endpoint bound to a named method, that the JIT inlined into ASP.NET Core's generated
/// delegate: the request's events name the handler (<see cref="EndpointNames.Handler"/>), and the app's IL, searched
/// from it, gives back the user method that calls the API. With a named handler the search starts there and nowhere
/// else (the route shapes below do not guess past it).
/// </summary>
public sealed class NamedHandlerInlined : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked) =>
        blocked.CallerNotOnStack && blocked.HandlerNamed && blocked.Il.Inlined(blocked.Api, blocked.HandlerHint!) is { Count: > 0 } sites
            ? SiteParts.InlinedIntoEndpoint(blocked, sites)
            : null;
}
