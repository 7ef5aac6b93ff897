using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The sampled user frame did not call the API itself: where in its IL the frame was, the statement calls user methods
/// the JIT inlined into it (<see cref="InlinedAtOffset"/>), and the deepest of them that calls the API is the call site.
/// The chain goes on past the sampled frames.
/// </summary>
public sealed class InlinedIntoUserFrame : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        if (!blocked.AtUserFrame)
        {
            return null;
        }
        var frame = blocked.Frames[blocked.FirstUser];
        var api = UserFrameCall.ApiCalled(blocked);
        if (blocked.Il.At(frame.Position, api) is not { Sites.Count: > 0 } inlined)
        {
            return null;
        }
        var note = new CallSiteNote(CallSiteNoteKind.InlinedByJit) { Frame = frame.Cleaned, IlOffset = inlined.IlOffset };
        return SiteParts.NamedFromIl(inlined.Sites, api, blocked.Chain, blocked.Entry, note) with { InTaskRun = blocked.InTaskRun };
    }
}
