using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>What several shapes build a call site from: a site the app's IL gave back, a frame's line, an API's twin.</summary>
internal static class SiteParts
{
    /// <summary>The culprit's stand-in method name when no frame names it.</summary>
    public const string InlinedOrGenerated = "(inlined or generated code)";

    /// <summary>
    /// The best of the call sites the app's IL gave back, named with the API its own call is (the stack's innermost
    /// frames may not say which of a family the code called: .Result's getter inlined away leaves Task.InternalWait, read
    /// as Task.Wait), and a note that says where it was inlined (<paramref name="inlined"/>), where the search started and
    /// how many others there are.
    /// </summary>
    public static BlockingSite NamedFromIl(
        IReadOnlyList<InlinedCallSite> sites, BlockingApi api, IReadOnlyList<CulpritFrame> chain, WorkEntry? entry, CallSiteNote inlined)
    {
        var best = sites[0];
        var named = best.Match == ApiMatch.Exact ? api : best.Api;
        var found = new IlFinding(best.Method.Display, named.Api, best.First.FileAndLine, sites.Count, [.. sites.Take(4).Select(s => s.Method.Owner)]);
        return FromIl(best, named, chain, entry, inlined with { Found = found });
    }

    /// <summary>
    /// A call site the app's IL gave back (the JIT inlined its method away): the chain goes on through the recovered
    /// frames, each at its own line (where its IL calls the next one).
    /// </summary>
    private static BlockingSite FromIl(InlinedCallSite best, BlockingApi api, IReadOnlyList<CulpritFrame> chain, WorkEntry? entry, CallSiteNote note) =>
        new(best.Method.Owner, api.Kind, api.Api)
        {
            Flavor = best.Method.Flavor,
            Chain = [.. chain, .. best.Chain.Select(f => new CulpritFrame(f.Name.Display, SourceOf(f.Call)))],
            Entry = entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Il,
                File = best.First.File,
                Line = best.First.Line,
                SourceUrl = best.First.SourceUrl,
                Note = note,
            },
        };

    /// <summary>The API's own frame, when it is a sync I/O call (a driver's verb, a socket or client call): what its
    /// declaring type says about an async twin, so the advice offers one only when it exists.</summary>
    public static AsyncTwin? LibraryTwin(BlockedStack blocked, BlockingApi api) =>
        blocked.ApiIndex >= 0 && blocked.Frames[blocked.ApiIndex].Declared is { } declared && (api.IsDriverCall || api.Kind == BlockingKind.SyncIO)
            ? new AsyncTwin(api.Api, declared.AsyncTwin)
            : null;

    /// <summary>The request's handler was inlined into the endpoint's generated delegate and the app's IL, searched from
    /// the handler, gave back these call sites.</summary>
    public static BlockingSite InlinedIntoEndpoint(BlockedStack blocked, IReadOnlyList<InlinedCallSite> sites) =>
        NamedFromIl(sites, blocked.Api, blocked.Chain, blocked.Entry,
            new CallSiteNote(CallSiteNoteKind.InlinedIntoFramework) { Frame = blocked.GeneratedFrame, Endpoint = EndpointNames.Describe(blocked.Request!) });

    public static SourceLocation? SourceOf(CallSiteLocation? call) =>
        call is { File: { } file, Line: { } line } ? new SourceLocation(file, line) { SourceUrl = call.SourceUrl } : null;

    /// <summary>A chain the endpoint or the IL's route map went on past the sampled frames, with no line of its own: its
    /// last frame is the call site, so it takes the site's line when the site has one. Every shape's site goes through it.</summary>
    public static BlockingSite WithSiteLine(BlockingSite site, int sampled) =>
        site.Site is { Source: not CallSiteSource.Il, File: { } file, Line: { } line } && site.Chain.Count > sampled
            ? site with { Chain = [.. site.Chain.SkipLast(1), site.Chain[^1] with { Source = new SourceLocation(file, line) { SourceUrl = site.Site.SourceUrl } }] }
            : site;
}
