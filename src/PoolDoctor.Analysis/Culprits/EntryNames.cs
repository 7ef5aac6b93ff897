using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// What blocked work was serving, as an SRE would look it up: the request's route, else a timer callback or the
/// outermost user frame (a hosted service's loop, a queued work item).
/// </summary>
internal static class EntryNames
{
    public static string? Describe(RequestContext? request, IReadOnlyList<FrameName> frames, StackReading stack, int workEnd)
    {
        if (request is not null && EndpointNames.Route(request) is { } route)
        {
            return route;
        }
        var outermost = -1;
        for (var i = Math.Min(workEnd, frames.Count) - 1; i >= 0; i--)
        {
            if (stack.UserFrames[i])
            {
                outermost = i;
                break;
            }
        }
        if (outermost < 0)
        {
            return null;
        }
        for (var i = outermost + 1; i < workEnd && i < frames.Count; i++)
        {
            if (frames[i].TypeFullName.StartsWith("System.Threading.TimerQueueTimer", StringComparison.Ordinal))
            {
                return "timer callback " + stack.Cleaned[outermost];
            }
        }
        return stack.Cleaned[outermost];
    }
}
