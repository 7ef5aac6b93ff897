using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A request's handler inlined into ASP.NET Core's generated delegate, known only by its route: the site is "handler of
/// GET /x", with the route's one lambda when the app's IL maps one, else a note that the IL maps no one method to it.
/// </summary>
public sealed class RouteOnlyHandler : ICulpritShape
{
    /// <summary>A generated delegate that can hold the handler called the API, no event named the handler, and the request has a route.</summary>
    internal static bool Applies(BlockedStack blocked) =>
        blocked.CallerNotOnStack && blocked.HoldsHandler && blocked.Handler is null && blocked.Route is not null;

    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!Applies(blocked))
        {
            return null;
        }
        var (api, route) = (blocked.Api, blocked.Route!);
        return new BlockingSite("handler of " + route, api.Kind, api.Api)
        {
            Chain = blocked.Chain,
            Entry = blocked.Entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Endpoint,
                Note = blocked.RouteHandlers is [var lambda]
                    ? new CallSiteNote(CallSiteNoteKind.HandlerUnnamed) { Frame = blocked.GeneratedFrame, Endpoint = route, Method = lambda.Display }
                    : new CallSiteNote(CallSiteNoteKind.HandlerUnmapped) { Frame = blocked.GeneratedFrame, Endpoint = route },
            },
        };
    }
}
