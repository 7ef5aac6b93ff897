using PoolDoctor.Analysis.Rewrite;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The innermost user frame called the API itself (no framework pipeline or generated code between them): that frame
/// is the call site, at the line where its IL calls the API (the sampled line stands in when the IL has none). Covers a
/// handler, a middleware's or filter's own blocking call, a Task.Run lambda, a timer callback, a hosted service's loop:
/// what differs is the entry (<see cref="BlockedStack.Entry"/>), not the site. A filter's sync
/// <c>OnActionExecuting</c> is rewritten as the async filter's method (<see cref="AsyncRewriteRules.AsyncActionFilterSignature"/>,
/// one rule for the advice and <c>fix</c>).
/// </summary>
public sealed class UserFrameCall : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!blocked.AtUserFrame)
        {
            return null;
        }
        var firstUser = blocked.FirstUser;
        var site = blocked.Frames[firstUser].Name;
        var api = ApiCalled(blocked);
        var inlined = blocked.Il.At(blocked.Frames[firstUser].Position, api);
        // The statement's own call says which entry point of the API's family it is (the code's `.Result`, where
        // the stack shows only the wait it inlined down to).
        if (inlined?.Direct is { Match: ApiMatch.SameKind } same && OneApi(same))
        {
            api = same.Api;
        }
        var location = inlined?.Direct?.First ?? blocked.Il.Locate(site, api);
        // The IL's call to the API names the line; the sampled frame's own line stands in when the IL has none.
        var sampled = blocked.Frames[firstUser].Source;
        var fromIl = location?.Line is not null;
        return new BlockingSite(site.Owner, api.Kind, api.Api)
        {
            Site = new CallSite
            {
                File = fromIl ? location!.File : sampled?.File,
                Line = fromIl ? location!.Line : sampled?.Line,
                SourceUrl = fromIl ? location!.SourceUrl : sampled?.SourceUrl,
            },
            Flavor = site.Flavor,
            Chain = blocked.Chain,
            Entry = blocked.Entry,
            InTaskRun = blocked.InTaskRun,
            ApiTwin = blocked.ApiTwin ?? SiteParts.LibraryTwin(blocked, api),
            CallsApiDirectly = blocked.ApiIndex == firstUser - 1,
        };
    }

    /// <summary>
    /// The API the user's frame calls. A driver's async body right under the user's frame, a wait primitive further
    /// in: when the user's IL calls the driver's sync verb, that call (inlined by tier-1 code) is what blocks.
    /// </summary>
    internal static BlockingApi ApiCalled(BlockedStack blocked)
    {
        var firstUser = blocked.FirstUser;
        return !blocked.Api.IsDriverCall && firstUser > 0
            && BlockingApiTable.DriverBody(blocked.Frames[firstUser - 1].Name) is { } driver
            && blocked.Il.Calls(blocked.Frames[firstUser].Name, driver)
            ? driver
            : blocked.Api;
    }

    // Every matching call of the statement is the same API: then the IL names it; two different ones leave the stack's.
    private static bool OneApi(InlinedCallSite direct) =>
        direct.Calls.Select(c => BlockingApiTable.ClassifyCall(c.TargetTypeFullName, c.TargetMethod)?.Api).Distinct().Count() == 1;
}
