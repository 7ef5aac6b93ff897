using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A minimal API endpoint mapped to a method group (<c>app.MapGet("/x", Orders.Get)</c>) inlined into ASP.NET Core's
/// generated delegate, named by no event: the app's IL maps the request's route to that one named method, which is the
/// call site even when nothing it reaches shows the call.
/// </summary>
public sealed class MethodGroupHandler : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!RouteOnlyHandler.Applies(blocked) || blocked.RouteHandlers is not [{ Flavor: FrameFlavor.Method } named])
        {
            return null;
        }
        var api = blocked.Api;
        return new BlockingSite(named.Owner, api.Kind, api.Api)
        {
            Chain = [.. blocked.Chain, new CulpritFrame(named.Display)],
            Entry = blocked.Entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Il,
                Note = new CallSiteNote(CallSiteNoteKind.HandlerMapped) { Frame = blocked.GeneratedFrame, Endpoint = blocked.Route, Method = named.Display, Api = api.Api },
            },
        };
    }
}
