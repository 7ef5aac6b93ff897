using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>The framework invokers whose generated delegates the culprit search knows, in the order it asks them.</summary>
public static class InvokerShapes
{
    /// <summary>The invoker shapes registered among <see cref="CulpritShapes.All"/>, in its order.</summary>
    public static IReadOnlyList<IInvokerShape> All { get; } = [.. CulpritShapes.All.OfType<IInvokerShape>()];

    /// <summary>
    /// The shape whose invoker called a generated frame, from the frames above it (its callers, innermost first), else
    /// null. The shared <c>ObjectMethodExecutor</c> (MVC and SignalR both call their compiled delegate through it) is
    /// looked through when the JIT kept it as a frame.
    /// </summary>
    public static IInvokerShape? Owning(IEnumerable<FrameName> callers)
    {
        foreach (var caller in callers)
        {
            if (caller.TypeFullName.StartsWith("Microsoft.Extensions.Internal.ObjectMethodExecutor", StringComparison.Ordinal))
            {
                continue;
            }
            return All.FirstOrDefault(shape => shape.IsInvokerFrame(caller));
        }
        return null;
    }

    /// <summary>
    /// The generated frame that called the API is this invoker's delegate (a view component's Invoke, a hub method), not
    /// the request's handler: its call site comes from the app's methods of that shape (or what they call), which the
    /// app's IL gives back, never from the request's route; else the site says it is unresolved, never another handler.
    /// </summary>
    public static BlockingSite? Recognize(IInvokerShape shape, BlockedStack blocked)
    {
        if (!blocked.CallerNotOnStack || blocked.Generated < 0 || Owning(blocked.Frames.Skip(blocked.Generated + 1).Select(f => f.Name)) != shape)
        {
            return null;
        }
        var (api, chain, entry, generatedFrame) = (blocked.Api, blocked.Chain, blocked.Entry, blocked.GeneratedFrame!);
        var sites = blocked.Il.InlinedIn(shape, api);
        if (sites.Count > 0)
        {
            return SiteParts.NamedFromIl(sites, api, chain, shape.Entry(sites[0].Chain.Count > 0 ? sites[0].Chain[0].Name : sites[0].Method, entry), new CallSiteNote(CallSiteNoteKind.InlinedIntoInvoker) { Invoker = shape.Kind, Frame = generatedFrame });
        }
        return new BlockingSite(SiteParts.InlinedOrGenerated, api.Kind, api.Api)
        {
            Chain = chain,
            Entry = shape.Entry(null, entry),
            Site = new CallSite { Source = CallSiteSource.Library, Note = new CallSiteNote(CallSiteNoteKind.InvokerUnresolved) { Invoker = shape.Kind, Frame = generatedFrame, Api = api.Api } },
        };
    }
}
