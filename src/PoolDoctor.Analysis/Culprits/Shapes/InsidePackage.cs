using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The blocking happens inside a referenced package (<see cref="PackageBoundary"/>: deps.json says which modules are
/// packages), including an awaited API the package ran synchronously (<see cref="AwaitedRanSync"/>): the
/// package's method nearest the API is the call site, built by <see cref="PackageSites.InsidePackage"/>. Its advice is
/// <c>FixCatalog.Packages</c>'s (the twin the user can call, else upgrade or report upstream).
/// </summary>
public sealed class InsidePackage : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (blocked.Crossing is not { Inside: true } crossing)
        {
            return null;
        }
        var userIndex = blocked.AtUserFrame ? blocked.FirstUser : -1;
        // No user frame, but generated request code under the library call: the user's code was inlined into it.
        var holder = userIndex < 0 ? StackRegions.FirstGenerated(blocked.Stack, blocked.ApiIndex, blocked.WorkEnd) : -1;
        var inlinedUser = holder >= 1 && GeneratedCode.CanHoldHandler(blocked.Frames[holder].Name)
            ? blocked.Il.InlinedCallerOf(blocked.Request, blocked.Frames[holder - 1].Name)
            : [];
        return PackageSites.InsidePackage(blocked.Stack, crossing, userIndex, blocked.Chain, blocked.Entry, blocked.InTaskRun, blocked.Il, inlinedUser, holder);
    }
}
