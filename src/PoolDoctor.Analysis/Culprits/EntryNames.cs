using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// What blocked work was serving, as an SRE would look it up: the request's route, else a timer callback or the
/// outermost user frame (a hosted service's loop, a queued work item).
/// </summary>
internal static class EntryNames
{
    public static string? Describe(RequestContext? request, IReadOnlyList<ReadFrame> frames, int workEnd)
    {
        var outermost = -1;
        for (var i = Math.Min(workEnd, frames.Count) - 1; i >= 0; i--)
        {
            if (frames[i].IsUser)
            {
                outermost = i;
                break;
            }
        }
        // A user callback the timer invokes itself serves no request, whatever request the thread's events joined to
        // it: a Timer callback that blocks on a call to its own app finishes that request on the thread it blocked,
        // after the callback returned. (A handler resuming after Task.Delay also runs under the timer, but through
        // the task's continuation frames, and keeps its request.)
        if (outermost >= 0 && IsTimerCallback(frames, outermost, workEnd))
        {
            return "timer callback " + frames[outermost].Cleaned;
        }
        if (request is not null && EndpointNames.Route(request) is { } route)
        {
            return route;
        }
        if (outermost < 0)
        {
            return null;
        }
        for (var i = outermost + 1; i < workEnd && i < frames.Count; i++)
        {
            if (frames[i].Name.TypeFullName.StartsWith("System.Threading.TimerQueueTimer", StringComparison.Ordinal))
            {
                return "timer callback " + frames[outermost].Cleaned;
            }
        }
        return frames[outermost].Cleaned;
    }

    private static bool IsTimerCallback(IReadOnlyList<ReadFrame> frames, int callback, int workEnd)
    {
        for (var i = callback + 1; i < workEnd && i < frames.Count; i++)
        {
            var type = frames[i].Name.TypeFullName;
            if (type.StartsWith("System.Threading.TimerQueueTimer", StringComparison.Ordinal))
            {
                return true;
            }
            if (type != "System.Threading.ExecutionContext")
            {
                return false;
            }
        }
        return false;
    }
}
