using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// What blocked work was serving, as an SRE would look it up (<see cref="WorkEntry"/>): the request's route (a gRPC
/// method when gRPC's host frames are on the stack), else a timer callback, a hosted service's method, or the work's
/// own outermost method (a loop or a queued work item: the app's, else a package's).
/// </summary>
internal static class EntryNames
{
    public static WorkEntry? Describe(RequestContext? request, IReadOnlyList<ReadFrame> frames, int workEnd, CallSiteResolver il)
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
            return new WorkEntry(EntryKind.Timer, frames[outermost].Cleaned);
        }
        // A hosted service's loop serves no request either: a request the thread started before it resumed there is not its.
        if (outermost >= 0 && il.InHostedService(frames[outermost].Name))
        {
            return new WorkEntry(EntryKind.HostedService, frames[outermost].Cleaned);
        }
        if (request is not null && EndpointNames.Route(request) is { } route)
        {
            return new WorkEntry(frames.Any(f => f.Module.StartsWith("Grpc.AspNetCore", StringComparison.Ordinal)) ? EntryKind.GrpcMethod : EntryKind.Request, route);
        }
        if (outermost < 0)
        {
            return PackageWorker(frames, workEnd);
        }
        for (var i = outermost + 1; i < workEnd && i < frames.Count; i++)
        {
            if (frames[i].Name.TypeFullName.StartsWith("System.Threading.TimerQueueTimer", StringComparison.Ordinal))
            {
                return new WorkEntry(EntryKind.Timer, frames[outermost].Cleaned);
            }
        }
        return new WorkEntry(EntryKind.BackgroundWorker, frames[outermost].Cleaned);
    }

    /// <summary>
    /// With no frame of the app, no request and no web host frame, a package's own work (a worker loop a package
    /// queued): the package method that runs the work item (<see cref="RequestJoin.Runner"/>). Null when framework code
    /// runs it (it may be running a request's work off its thread: the health-check service's checks) or the web host's
    /// frames say it runs inside a request nothing named (a limiter the middleware runs).
    /// </summary>
    private static WorkEntry? PackageWorker(IReadOnlyList<ReadFrame> frames, int workEnd) =>
        !frames.Any(RequestJoin.IsWebHost) && RequestJoin.Runner(frames, workEnd) is { Package: not null } runner
            ? new WorkEntry(EntryKind.BackgroundWorker, runner.Cleaned)
            : null;

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
