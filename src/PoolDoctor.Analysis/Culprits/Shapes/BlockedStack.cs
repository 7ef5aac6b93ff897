using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// One blocked stack as every culprit shape reads it, read once (<see cref="Read"/>): the blocking API nearest the
/// user's code above it (so <c>Monitor.Wait</c> under <c>Task.Wait</c> is a task wait, and <c>Socket.Receive</c> under
/// <c>NpgsqlCommand.ExecuteNonQuery</c> is that driver call), the innermost user frame, the generated frame that called
/// the API, the user frames from the entry down, what the work serves, and whether it crosses into a package.
/// What each shape makes of these facts is its own file (<see cref="CulpritShapes.All"/>).
/// </summary>
public sealed class BlockedStack
{
    private string? _handler;
    private bool _handlerRead;
    private IReadOnlyList<FrameName>? _routeHandlers;

    private BlockedStack(StackReading stack, RequestContext? request, CallSiteResolver il)
    {
        Stack = stack;
        Request = request;
        Il = il;
    }

    public StackReading Stack { get; }

    public IReadOnlyList<ReadFrame> Frames => Stack.Frames;

    public RequestContext? Request { get; }

    /// <summary>The app's IL, for the shapes that recover what the JIT inlined.</summary>
    public CallSiteResolver Il { get; }

    /// <summary>The blocking API's frame (or, with a fallback API, the frame just under the first user frame).</summary>
    public int ApiIndex { get; private init; }

    /// <summary>The blocking API; where the user's frame calls a package's sync API that blocks, that API.</summary>
    public required BlockingApi Api { get; init; }

    /// <summary>What the package's declaring type says of <see cref="Api"/>'s async twin, when the user called into a package.</summary>
    public AsyncTwin? ApiTwin { get; private init; }

    /// <summary>The innermost user frame, or -1.</summary>
    public int FirstUser { get; private init; }

    /// <summary>Where the work item starts: just above the pool's dispatch frame (or the stack's end).</summary>
    public int WorkEnd { get; private init; }

    /// <summary>The user frames from the entry down to the API, root first; the request handler's methods the JIT
    /// inlined into its delegate come first when the app's IL gives them back.</summary>
    public required IReadOnlyList<CulpritFrame> Chain { get; init; }

    /// <summary>What the blocked work serves (a route, a timer callback, a hub method, the outermost user frame).</summary>
    public WorkEntry? Entry { get; private init; }

    /// <summary>The outermost user frame is a lambda Task.Run (or StartNew) queued to the pool.</summary>
    public bool InTaskRun { get; private init; }

    /// <summary>The generated frame that called the API (only the base library's frames between them), or -1.</summary>
    public int Generated { get; private init; }

    /// <summary>Framework pipeline or generated code sits between the user frame and the API: the user frame only handed
    /// the request on (a middleware, an async filter).</summary>
    public bool PassesThrough { get; private init; }

    /// <summary>Where the stack crosses from the app into a referenced package's code, when it does.</summary>
    public PackageBoundary.Crossing? Crossing { get; private init; }

    /// <summary>The innermost user frame called the API itself: it, or a user method the JIT inlined into it, is the site.</summary>
    public bool AtUserFrame => FirstUser >= 0 && !PassesThrough;

    /// <summary>The API's caller is not on the stack: generated code called it, or the user frame only passed the request on.</summary>
    public bool CallerNotOnStack => !AtUserFrame && (Generated >= 0 || FirstUser >= 0);

    /// <summary>The generated frame's cleaned name (<c>dynamicClass.lambda_method9</c>), or null.</summary>
    public string? GeneratedFrame => Generated >= 0 ? Frames[Generated].Cleaned : null;

    /// <summary>The generated frame is the kind a request's handler can be inlined into (ASP.NET Core's compiled delegate).</summary>
    public bool HoldsHandler => Generated >= 0 && GeneratedCode.CanHoldHandler(Frames[Generated].Name);

    /// <summary>The request's handler as ASP.NET Core named it (an MVC action, a minimal API's named method), or null.</summary>
    public string? Handler
    {
        get
        {
            if (!_handlerRead)
            {
                (_handler, _handlerRead) = (EndpointNames.Handler(Request), true);
            }
            return _handler;
        }
    }

    /// <summary>The request's action or endpoint name, where the IL search for a named handler starts.</summary>
    public string? HandlerHint => Request?.Action ?? Request?.Endpoint;

    /// <summary>ASP.NET Core named the request's handler: the IL search starts there and nowhere else.</summary>
    public bool HandlerNamed => Handler is not null && HandlerHint is not null;

    /// <summary>The request's route (<c>GET /orders/{id}</c>), or null.</summary>
    public string? Route => Request is null ? null : EndpointNames.Route(Request);

    /// <summary>The methods the app's IL maps the request's route to, one per owner (asked once, by the shapes that need it).</summary>
    public IReadOnlyList<FrameName> RouteHandlers => _routeHandlers ??= [.. Il.Handlers(Request).Select(m => Il.NameOf(m)).DistinctBy(n => n.Owner)];

    /// <summary>The stack read for the shapes; null when it does not block (no blocking API, or a lock still spinning).</summary>
    public static BlockedStack? Read(StackReading stack, RequestContext? request, BlockingApi? fallback, CallSiteResolver il)
    {
        var frames = stack.Frames;
        var firstUser = StackRegions.IndexOfFirstUser(frames);
        var workEnd = StackRegions.EndOfWork(frames);
        var regionEnd = firstUser >= 0 ? firstUser : workEnd;

        var (apiIndex, api) = StackRegions.OutermostBlockingFrame(frames, regionEnd);
        if (api is null)
        {
            if (fallback is null || frames.Count == 0)
            {
                return null;
            }
            (apiIndex, api) = (Math.Max(regionEnd - 1, 0), fallback);
        }

        if (api.Kind == BlockingKind.Lock && StackRegions.IsSpinning(frames[0].Name))
        {
            return null; // a lock's spin phase runs on the CPU; a thread that goes on to wait is sampled in the wait
        }

        var chain = StackRegions.UserFramesRootFirst(stack, apiIndex + 1);
        // Work queued by Task.Run runs on a thread that serves no request itself: its entry is the queued lambda.
        var inTaskRun = StackRegions.QueuedByTask(stack, workEnd);
        var outermost = StackRegions.HandlerDelegateCaller(stack, workEnd);
        // A framework invoker's delegate called the outermost user frame (a hub method the JIT kept): that frame is
        // the shape's own method, not one the request's handler reached.
        var owner = outermost is { } called ? InvokerShapes.Owning(frames.Skip(called + 2).Select(f => f.Name)) : null;
        if (!inTaskRun && owner is null && outermost is { } handler
            && il.InlinedAbove(request, frames[handler].Position) is { Count: > 0 } above)
        {
            // The handler and what it called down to the outermost sampled frame were inlined into the delegate.
            chain = [.. above.Select(f => new CulpritFrame(f.Name.Display, SiteParts.SourceOf(f.Call))), .. chain];
        }
        var entry = EntryNames.Describe(inTaskRun ? null : request, frames, workEnd, il);
        entry = owner is null || outermost is null ? entry : owner.Entry(frames[outermost.Value].Name, entry);
        var generated = StackRegions.GeneratedCaller(stack, apiIndex, firstUser >= 0 ? firstUser : workEnd);
        var passesThrough = firstUser >= 0 && (generated >= 0 || StackRegions.HasPipelineFrame(frames, apiIndex + 1, firstUser));

        // The user's frame awaits the package method under it (a task-returning one) that blocked before returning.
        var awaitedPackageCall = firstUser >= 1
            ? il.AwaitableCall(frames[firstUser].Position, frames[firstUser - 1].Name, frames[firstUser - 1].Module)
            : null;
        var crossing = PackageBoundary.Find(stack, apiIndex, api, firstUser, workEnd, awaitedPackageCall);
        // Outside the package (the user calls its sync API): that API is the one blocking, with what its type declares.
        var (calledApi, apiTwin) = crossing is { Inside: false } ? (crossing.Api, crossing.ApiTwin) : (api, (AsyncTwin?)null);

        return new BlockedStack(stack, request, il)
        {
            ApiIndex = apiIndex,
            Api = calledApi,
            ApiTwin = apiTwin,
            FirstUser = firstUser,
            WorkEnd = workEnd,
            Chain = chain,
            Entry = entry,
            InTaskRun = inTaskRun,
            Generated = generated,
            PassesThrough = passesThrough,
            Crossing = crossing,
        };
    }
}
