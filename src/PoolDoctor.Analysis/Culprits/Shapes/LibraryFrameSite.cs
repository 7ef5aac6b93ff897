using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// No user code called the API and no generated code holds it (the framework blocks on its own inside a request, as
/// Kestrel's pipe lock under an async action's continuation): the library frame that made the call is named, so
/// blocking inside frameworks stays visible, unless that is the pool itself (its own locks while it looks for work).
/// The last shape asked.
/// </summary>
public sealed class LibraryFrameSite : ICulpritShape
{
    public BlockingSite? Recognize(BlockedStack blocked)
    {
        var (frames, index, api) = (blocked.Frames, blocked.ApiIndex, blocked.Api);
        var caller = (index + 1 < frames.Count ? frames[index + 1] : frames[index]).Name;
        if (ThreadPoolFrames.IsPoolInternal(caller))
        {
            return null;
        }
        return new BlockingSite(caller.Owner, api.Kind, api.Api)
        {
            Flavor = caller.Flavor,
            Entry = blocked.Entry,
            ApiTwin = SiteParts.LibraryTwin(blocked, api),
            Site = new CallSite { Source = CallSiteSource.Library, Note = new CallSiteNote(CallSiteNoteKind.LibraryOnly) },
        };
    }
}
