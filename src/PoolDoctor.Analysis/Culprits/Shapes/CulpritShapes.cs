namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// Every culprit shape the search knows, in the order <see cref="BlockingSiteFinder.Find"/> asks them: the first that
/// recognises a stack names its call site. A new shape is one file and one line here (the order matters only where two
/// shapes could both read a stack: the more precise one first).
/// </summary>
public static class CulpritShapes
{
    public static IReadOnlyList<ICulpritShape> All { get; } =
    [
        // The blocking happens inside a referenced package: under an await that ran synchronously, or any other call.
        new AwaitedRanSyncInPackage(),
        new InsidePackage(),
        // The innermost user frame called it: the JIT inlined the calling user method into that frame, or the frame itself.
        new InlinedIntoUserFrame(),
        new UserFrameCall(),
        // A framework invoker's generated delegate, not the request's handler.
        ViewComponentInvocation.Shape,
        HubInvocation.Shape,
        // The request's handler was inlined into the endpoint's generated delegate: the app's IL from that handler.
        new NamedHandlerInlined(),
        new RouteHandlerInlined(),
        new RazorPageHandlerInlined(),
        // ... or no IL finds the call: what the endpoint and the route's IL still say.
        new HandlerNamedByEndpoint(),
        new MethodGroupHandler(),
        new RouteOnlyHandler(),
        new GeneratedCodeSite(),
        // No user code and nothing generated: the library frame that made the call.
        new LibraryFrameSite(),
    ];

    /// <summary>The first shape that recognises the stack, with the site it names (before <see cref="BlockingSiteFinder.Find"/>
    /// gives a chain that went past the sampled frames the site's line); null when none does.</summary>
    public static (ICulpritShape Shape, BlockingSite Site)? First(BlockedStack blocked)
    {
        foreach (var shape in All)
        {
            if (shape.Recognize(blocked) is { } site)
            {
                return (shape, site);
            }
        }
        return null;
    }
}
