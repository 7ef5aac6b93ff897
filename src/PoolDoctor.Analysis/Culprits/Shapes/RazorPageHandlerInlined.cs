namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A Razor Page handler (<c>OnGet</c>, <c>OnPostAsync</c>) inlined into the delegate ASP.NET Core generates to call it:
/// the request's action is the page's path (<c>/Report</c>), not a method, so <see cref="RazorPageHandlers"/> maps the
/// path and verb to the page model's handlers, and the app's IL from them gives back the call site.
/// </summary>
public sealed class RazorPageHandlerInlined : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked) =>
        blocked.CallerNotOnStack && !blocked.HandlerNamed && blocked.Il.InlinedForPage(blocked.Api, blocked.Request) is { Count: > 0 } sites
            ? SiteParts.InlinedIntoEndpoint(blocked, sites)
            : null;
}
