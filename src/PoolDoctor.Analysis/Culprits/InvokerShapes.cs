using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>The framework invokers whose generated delegates the culprit search knows, in the order it asks them.</summary>
public static class InvokerShapes
{
    public static IReadOnlyList<IInvokerShape> All { get; } = [ViewComponentInvocation.Shape, HubInvocation.Shape];

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
    /// The delegate a framework invoker called blocked: the call site is in one of the app's methods of that shape (or
    /// what it calls), which the app's IL gives back; else the site says it is unresolved, never another handler.
    /// </summary>
    internal static BlockingSite Resolve(IInvokerShape shape, BlockingApi api, IReadOnlyList<CulpritFrame> chain, string? entry, string generatedFrame, CallSiteResolver il)
    {
        var sites = il.InlinedIn(shape, api);
        if (sites.Count > 0)
        {
            return BlockingSites.NamedFromIl(sites, api, chain, shape.Entry(sites[0].Chain.Count > 0 ? sites[0].Chain[0].Name : sites[0].Method, entry), new CallSiteNote(CallSiteNoteKind.InlinedIntoInvoker) { Invoker = shape.Kind, Frame = generatedFrame });
        }
        return new BlockingSite("(inlined or generated code)", api.Kind, api.Api)
        {
            Chain = chain,
            Entry = shape.Entry(null, entry),
            Site = new CallSite { Source = CallSiteSource.Library, Note = new CallSiteNote(CallSiteNoteKind.InvokerUnresolved) { Invoker = shape.Kind, Frame = generatedFrame, Api = api.Api } },
        };
    }
}
