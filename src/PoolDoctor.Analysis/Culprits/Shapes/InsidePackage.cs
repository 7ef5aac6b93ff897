using PoolDoctor.Analysis.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The blocking happens inside a referenced package (<see cref="PackageBoundary"/>: deps.json says which modules are
/// packages): the package's method nearest the API is the call site, built by <see cref="PackageSites.InsidePackage"/>.
/// An awaited API the package ran synchronously is <see cref="AwaitedRanSyncInPackage"/>, asked first. Its advice is
/// <c>AdviceCatalog.Packages</c>'s (the twin the user can call, else upgrade or report upstream).
/// </summary>
public sealed class InsidePackage : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked) =>
        blocked.Crossing is { Inside: true } crossing ? Site(blocked, crossing) : null;

    /// <summary>The package's method as the call site, and how the app reaches it (its frame, or the user method the JIT
    /// inlined into request code, or its registration); the package shapes share it.</summary>
    internal static BlockingSite Site(BlockedStack blocked, PackageBoundary.Crossing crossing)
    {
        var userIndex = blocked.AtUserFrame ? blocked.FirstUser : -1;
        // No user frame, but generated request code under the library call: the user's code was inlined into it.
        var holder = userIndex < 0 ? StackRegions.FirstGenerated(blocked.Stack, blocked.ApiIndex, blocked.WorkEnd) : -1;
        var inlinedUser = holder >= 1 && GeneratedCode.CanHoldHandler(blocked.Frames[holder].Name)
            ? blocked.Il.InlinedCallerOf(blocked.Request, blocked.Frames[holder - 1].Name)
            : [];
        return PackageSites.InsidePackage(blocked.Stack, crossing, userIndex, blocked.Chain, blocked.Entry, blocked.InTaskRun, blocked.Il, inlinedUser, holder);
    }
}
