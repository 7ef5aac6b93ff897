using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Whether a stack's request, as the collector joined it by thread and time, can be the stack's own. The join gives a
/// thread the request that started on it until the request stops; but an async request leaves its thread at its first
/// await, and the thread runs other work items meanwhile: Raygun4Net 11.0.3's message workers, blocked in
/// <c>BlockingCollection.Take</c> on threads that had started a <c>POST /orders</c>, read as that request. Request work
/// shows on its stack: ASP.NET Core's or gRPC's host frames, the app's code, the delegate ASP.NET Core compiles per
/// endpoint, or framework code that runs work for a request off its thread (the health-check service's checks). A
/// stack whose running work is a package's own method resumed by the runtime (a worker loop), or the runtime's own
/// machinery alone (a timer firing), is not the request's.
/// </summary>
internal static class RequestJoin
{
    private const string CoreLib = "System.Private.CoreLib";

    public static RequestContext? Own(RequestContext? joined, StackReading reading)
    {
        if (joined is null || reading.Frames.Any(f => f.IsUser || f.IsGenerated || IsWebHost(f)))
        {
            return joined;
        }
        return Runner(reading.Frames, StackRegions.EndOfWork(reading.Frames)) is { Package: null } ? joined : null;
    }

    /// <summary>ASP.NET Core's or gRPC's host code (Kestrel, middleware, MVC, SignalR): the stack runs inside a request.</summary>
    public static bool IsWebHost(ReadFrame frame) =>
        frame.Module.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal)
        || frame.Module.StartsWith("Grpc.AspNetCore", StringComparison.Ordinal);

    /// <summary>
    /// The code that runs the stack's work item: its outermost frame outside the base library, before the stack crosses
    /// into another task's continuation (the work that completed and ran this one inline is not what it serves); null
    /// when only the base library's frames run it.
    /// </summary>
    public static ReadFrame? Runner(IReadOnlyList<ReadFrame> frames, int workEnd)
    {
        ReadFrame? runner = null;
        for (var i = 0; i < workEnd && i < frames.Count && !RunsContinuations(frames[i].Name); i++)
        {
            if (frames[i].Module != CoreLib)
            {
                runner = frames[i];
            }
        }
        return runner;
    }

    private static bool RunsContinuations(FrameName frame) =>
        (frame.TypeFullName == "System.Threading.Tasks.Task" && frame.Method == "RunContinuations")
        || frame.TypeFullName == "System.Threading.Tasks.AwaitTaskContinuation";
}
