using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The request's named handler was inlined into ASP.NET Core's generated delegate and the app's IL does not show where
/// it calls the API (no call graph, or the call is further in): the endpoint's handler is named as the call site, from
/// the request's events, without a line.
/// </summary>
public sealed class HandlerNamedByEndpoint : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!blocked.CallerNotOnStack || !blocked.HoldsHandler || blocked.Handler is not { } handler)
        {
            return null;
        }
        var api = blocked.Api;
        return new BlockingSite(handler, api.Kind, api.Api)
        {
            Chain = [.. blocked.Chain, new CulpritFrame(handler)],
            Entry = blocked.Entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Endpoint,
                Note = new CallSiteNote(CallSiteNoteKind.HandlerInlined) { Frame = blocked.GeneratedFrame, Endpoint = EndpointNames.Describe(blocked.Request!) },
            },
        };
    }
}
