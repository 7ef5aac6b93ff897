using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The user awaited a package's async API and it ran synchronously on the pool thread: it ran the sync twin (MySql.Data
/// before 8.0.33 does not override <c>DbCommand.ExecuteScalarAsync</c>, so the base class calls <c>ExecuteScalar</c>),
/// or it blocked before returning its task (SlackBotMessages 2.0.0's <c>Send</c>). The package's method is the call
/// site, with the await that ran synchronously (<see cref="AwaitedRanSync"/>, which
/// <see cref="PackageBoundary"/> reads from the app's IL). The user's code is already async: the advice is the
/// package's (upgrade, or report upstream), never "await it".
/// </summary>
public sealed class AwaitedRanSyncInPackage : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked) =>
        blocked.Crossing is { Inside: true, AwaitedRanSync: not null } crossing ? InsidePackage.Site(blocked, crossing) : null;
}
