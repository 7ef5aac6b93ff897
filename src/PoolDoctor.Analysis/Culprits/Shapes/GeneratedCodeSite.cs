using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// Generated code called the API and nothing names what it held: a compiled delegate with no request event to name its
/// handler, or generated code that is no handler's (the DI container's <c>ResolveService</c> running a factory). The
/// site says so, never a guess.
/// </summary>
public sealed class GeneratedCodeSite : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!blocked.CallerNotOnStack || blocked.GeneratedFrame is not { } generated)
        {
            return null;
        }
        var api = blocked.Api;
        var kind = blocked.HoldsHandler ? CallSiteNoteKind.GeneratedMayHoldHandler : CallSiteNoteKind.GeneratedNotHandler;
        return new BlockingSite(SiteParts.InlinedOrGenerated, api.Kind, api.Api)
        {
            Chain = blocked.Chain,
            Entry = blocked.Entry,
            Site = new CallSite { Source = CallSiteSource.Library, Note = new CallSiteNote(kind) { Frame = generated, Api = api.Api } },
        };
    }
}
