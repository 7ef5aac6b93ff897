using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Where one stack (leaf first) blocks: the stack is read once (<see cref="BlockedStack"/>), then each culprit shape in
/// <see cref="CulpritShapes.All"/> is asked in turn and the first that recognises it names the call site. What a shape
/// knows lives in its own file; nothing here knows any shape (<c>BlockingSitesLoopTests</c> keeps it so).
/// </summary>
public static class BlockingSiteFinder
{
    public static BlockingSite? Find(StackReading stack, RequestContext? request = null, BlockingApi? fallback = null, CallSiteResolver? il = null)
    {
        var blocked = BlockedStack.Read(stack, request, fallback, il ?? CallSiteResolver.None);
        return blocked is not null && CulpritShapes.First(blocked) is { Site: var site } ? SiteParts.WithSiteLine(site, blocked.Chain.Count) : null;
    }

    /// <summary>A frame's source line from the app's IL (kept here for <see cref="PackageSites"/>).</summary>
    internal static SourceLocation? SourceOf(CallSiteLocation? call) => SiteParts.SourceOf(call);
}
