using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Reads one stack (leaf first). The blocking API is the recognised blocking frame nearest the user's code above it
/// (so <c>Monitor.Wait</c> under <c>Task.Wait</c> is a task wait, and <c>Socket.Receive</c> under
/// <c>NpgsqlCommand.ExecuteNonQuery</c> is that driver call). The call site is the innermost user frame that calls it
/// — unless framework request-pipeline or generated code sits between the two: then that user frame only passes the
/// request on (a middleware, an async filter), the real caller was inlined by the JIT into generated code, and the
/// call site comes from the request's endpoint or is reported as not on the stack.
/// </summary>
public static class BlockingSites
{
    public static BlockingSite? Find(StackReading stack, RequestContext? request = null, BlockingApi? fallback = null, CallSiteResolver? il = null)
    {
        il ??= CallSiteResolver.None;
        var frames = stack.Frames;
        var firstUser = IndexOfFirstUser(frames);
        var workEnd = EndOfWork(frames);
        var regionEnd = firstUser >= 0 ? firstUser : workEnd;

        var (apiIndex, api) = OutermostBlockingFrame(frames, regionEnd);
        if (api is null)
        {
            if (fallback is null || frames.Count == 0)
            {
                return null;
            }
            (apiIndex, api) = (Math.Max(regionEnd - 1, 0), fallback);
        }

        if (api.Kind == BlockingKind.Lock && IsSpinning(frames[0].Name))
        {
            return null; // a lock's spin phase runs on the CPU; a thread that goes on to wait is sampled in the wait
        }

        var userBelow = UserFramesRootFirst(stack, apiIndex + 1);
        // Work queued by Task.Run runs on a thread that serves no request itself: its entry is the queued lambda.
        var inTaskRun = QueuedByTask(stack, workEnd);
        var outermost = HandlerDelegateCaller(stack, workEnd);
        // A framework invoker's delegate called the outermost user frame (a hub method the JIT kept): that frame is
        // the shape's own method, not one the request's handler reached.
        var owner = outermost is { } called ? InvokerShapes.Owning(frames.Skip(called + 2).Select(f => f.Name)) : null;
        if (!inTaskRun && owner is null && outermost is { } handler
            && il.InlinedAbove(request, frames[handler].Position) is { Count: > 0 } above)
        {
            // The handler and what it called down to the outermost sampled frame were inlined into the delegate.
            userBelow = [.. above.Select(f => new CulpritFrame(f.Name.Display, SourceOf(f.Call))), .. userBelow];
        }
        var entry = EntryNames.Describe(inTaskRun ? null : request, frames, workEnd);
        entry = owner is null || outermost is null ? entry : owner.Entry(frames[outermost.Value].Name, entry);
        var generated = GeneratedCaller(stack, apiIndex, firstUser >= 0 ? firstUser : workEnd);
        var passesThrough = firstUser >= 0 && (generated >= 0 || HasPipelineFrame(frames, apiIndex + 1, firstUser));

        AsyncTwin? apiTwin = null;
        // The user's frame awaits the package method under it (a task-returning one) that blocked before returning.
        var awaitedPackageCall = firstUser >= 1
            ? il.AwaitableCall(frames[firstUser].Position, frames[firstUser - 1].Name, frames[firstUser - 1].Module)
            : null;
        if (PackageBoundary.Find(stack, apiIndex, api, firstUser, workEnd, awaitedPackageCall) is { } crossing)
        {
            if (crossing.Inside)
            {
                var userIndex = firstUser >= 0 && !passesThrough ? firstUser : -1;
                // No user frame, but generated request code under the library call: the user's code was inlined into it.
                var holder = userIndex < 0 ? FirstGenerated(stack, apiIndex, workEnd) : -1;
                var inlinedUser = holder >= 1 && GeneratedCode.CanHoldHandler(frames[holder].Name)
                    ? il.InlinedCallerOf(request, frames[holder - 1].Name)
                    : [];
                return PackageSites.InsidePackage(stack, crossing, userIndex, userBelow, entry, inTaskRun, il, inlinedUser, holder);
            }
            (api, apiTwin) = (crossing.Api, crossing.ApiTwin);
        }

        if (firstUser >= 0 && !passesThrough)
        {
            return AtUserFrame(stack, firstUser, apiIndex, api, apiTwin, userBelow, entry, inTaskRun, il);
        }

        if (generated >= 0 || firstUser >= 0)
        {
            var generatedFrame = generated >= 0 ? frames[generated].Cleaned : null;
            if (generated >= 0 && InvokerShapes.Owning(frames.Skip(generated + 1).Select(f => f.Name)) is { } shape)
            {
                // A framework invoker's delegate (a view component's Invoke, a hub method), not the request's handler:
                // its call site comes from the app's methods of that shape, never from the request's route.
                return WithSiteLine(InvokerShapes.Resolve(shape, api, userBelow, entry, generatedFrame!, il), userBelow.Count);
            }
            var holdsHandler = generated >= 0 && GeneratedCode.CanHoldHandler(frames[generated].Name);
            if (NotOnStack(api, request, userBelow, entry, generatedFrame, holdsHandler, il) is { } recovered)
            {
                return WithSiteLine(recovered, userBelow.Count);
            }
        }
        return InLibrary(stack, apiIndex, api, entry);
    }

    /// <summary>
    /// The innermost user frame called the API itself (no framework pipeline or generated code between them): it is
    /// the call site, unless its IL says the JIT inlined the user method that makes the call into it.
    /// </summary>
    private static BlockingSite AtUserFrame(
        StackReading stack, int firstUser, int apiIndex, BlockingApi api, AsyncTwin? apiTwin, IReadOnlyList<CulpritFrame> userBelow,
        string? entry, bool inTaskRun, CallSiteResolver il)
    {
        var site = stack.Frames[firstUser].Name;
        // A driver's async body right under the user's frame, a wait primitive further in: when the user's IL
        // calls the driver's sync verb, that call (inlined by tier-1 code) is what blocks.
        if (!api.IsDriverCall && firstUser > 0 && BlockingApis.DriverBody(stack.Frames[firstUser - 1].Name) is { } driver && il.Calls(site, driver))
        {
            api = driver;
        }
        // Where in its IL the frame was: the statement there either calls the API itself, or calls user methods
        // the JIT inlined into the frame, one of which is the real call site.
        var inlined = il.At(stack.Frames[firstUser].Position, api);
        if (inlined is { Sites.Count: > 0 })
        {
            return InlinedIntoFrame(inlined, stack.Frames[firstUser].Cleaned, api, userBelow, entry) with { InTaskRun = inTaskRun };
        }
        // The statement's own call says which entry point of the API's family it is (the code's `.Result`, where
        // the stack shows only the wait it inlined down to).
        if (inlined?.Direct is { Match: ApiMatch.SameKind } same && OneApi(same))
        {
            api = same.Api;
        }
        var location = inlined?.Direct?.First ?? il.Locate(site, api);
        // The IL's call to the API names the line; the sampled frame's own line stands in when the IL has none.
        var sampled = stack.Frames[firstUser].Source;
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
            Chain = userBelow,
            Entry = entry,
            InTaskRun = inTaskRun,
            ApiTwin = apiTwin ?? LibraryTwin(stack, apiIndex, api),
            CallsApiDirectly = apiIndex == firstUser - 1,
        };
    }

    // No user code and nothing generated: name the library frame that made the call, so blocking inside frameworks
    // stays visible, unless that is the pool itself (its own locks and semaphores while it looks for work).
    private static BlockingSite? InLibrary(StackReading stack, int apiIndex, BlockingApi api, string? entry)
    {
        var frames = stack.Frames;
        var caller = (apiIndex + 1 < frames.Count ? frames[apiIndex + 1] : frames[apiIndex]).Name;
        if (ThreadPoolFrames.IsPoolInternal(caller))
        {
            return null;
        }
        return new BlockingSite(caller.Owner, api.Kind, api.Api)
        {
            Flavor = caller.Flavor,
            Entry = entry,
            ApiTwin = LibraryTwin(stack, apiIndex, api),
            Site = new CallSite { Source = CallSiteSource.Library, Note = new CallSiteNote(CallSiteNoteKind.LibraryOnly) },
        };
    }

    // A chain the endpoint or the IL's route map went on past the sampled frames, with no line of its own: its last
    // frame is the call site, so it takes the site's line when the site has one.
    private static BlockingSite WithSiteLine(BlockingSite site, int sampled) =>
        site.Site is { Source: not CallSiteSource.Il, File: { } file, Line: { } line } && site.Chain.Count > sampled
            ? site with { Chain = [.. site.Chain.SkipLast(1), site.Chain[^1] with { Source = new SourceLocation(file, line) { SourceUrl = site.Site.SourceUrl } }] }
            : site;

    /// <summary>
    /// The sampled user frame did not call the API itself: the JIT inlined the user methods its statement calls into
    /// it, and the deepest of them that calls the API is the call site. The chain goes on past the sampled frames.
    /// </summary>
    private static BlockingSite InlinedIntoFrame(InlinedAt inlined, string frame, BlockingApi api, IReadOnlyList<CulpritFrame> chain, string? entry) =>
        NamedFromIl(inlined.Sites, api, chain, entry, new CallSiteNote(CallSiteNoteKind.InlinedByJit) { Frame = frame, IlOffset = inlined.IlOffset });

    /// <summary>
    /// The best of the call sites the app's IL gave back, named with the API its own call is (the stack's innermost
    /// frames may not say which of a family the code called: .Result's getter inlined away leaves Task.InternalWait, read
    /// as Task.Wait), and a note that says where it was inlined (<paramref name="inlined"/>), where the search started and
    /// how many others there are.
    /// </summary>
    internal static BlockingSite NamedFromIl(
        IReadOnlyList<InlinedCallSite> sites, BlockingApi api, IReadOnlyList<CulpritFrame> chain, string? entry, CallSiteNote inlined)
    {
        var best = sites[0];
        var named = best.Match == ApiMatch.Exact ? api : best.Api;
        var found = new IlFinding(best.Method.Display, named.Api, best.First.FileAndLine, sites.Count, [.. sites.Take(4).Select(s => s.Method.Owner)]);
        return FromIl(best, named, chain, entry, inlined with { Found = found });
    }

    /// <summary>
    /// A call site the app's IL gave back (the JIT inlined its method away): the chain goes on through the recovered
    /// frames, each at its own line (where its IL calls the next one).
    /// </summary>
    private static BlockingSite FromIl(InlinedCallSite best, BlockingApi api, IReadOnlyList<CulpritFrame> chain, string? entry, CallSiteNote note) =>
        new(best.Method.Owner, api.Kind, api.Api)
        {
            Flavor = best.Method.Flavor,
            Chain = [.. chain, .. best.Chain.Select(f => new CulpritFrame(f.Name.Display, SourceOf(f.Call)))],
            Entry = entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Il,
                File = best.First.File,
                Line = best.First.Line,
                SourceUrl = best.First.SourceUrl,
                Note = note,
            },
        };

    // The API's own frame, when it is a sync I/O call (a driver's verb, a socket or client call): what its declaring
    // type says about an async twin, so the advice offers one only when it exists.
    private static AsyncTwin? LibraryTwin(StackReading stack, int index, BlockingApi api) =>
        index >= 0 && stack.Frames[index].Declared is { } declared && (api.IsDriverCall || api.Kind == BlockingKind.SyncIO)
            ? new AsyncTwin(api.Api, declared.AsyncTwin)
            : null;

    internal static SourceLocation? SourceOf(CallSiteLocation? call) =>
        call is { File: { } file, Line: { } line } ? new SourceLocation(file, line) { SourceUrl = call.SourceUrl } : null;

    // Every matching call of the statement is the same API: then the IL names it; two different ones leave the stack's.
    private static bool OneApi(InlinedCallSite direct) =>
        direct.Calls.Select(c => BlockingApis.ClassifyCall(c.TargetTypeFullName, c.TargetMethod)?.Api).Distinct().Count() == 1;

    /// <summary>
    /// The caller of the API is not on the stack: the app's IL or the request's endpoint names it, or the site says so.
    /// Null when a framework frame made the call itself: the user frames further out (an async action whose
    /// continuation runs MVC's result executor inline, which then waits on Kestrel's pipe lock) only handed the
    /// request on, and with no generated frame above the API the handler was not inlined there.
    /// </summary>
    private static BlockingSite? NotOnStack(
        BlockingApi api, RequestContext? request, IReadOnlyList<CulpritFrame> chain, string? entry, string? generatedFrame,
        bool holdsHandler, CallSiteResolver il)
    {
        var handler = EndpointNames.Handler(request);
        var hint = request?.Action ?? request?.Endpoint;
        var sites = handler is not null && hint is not null ? il.Inlined(api, hint) : il.InlinedForRequest(api, request);
        if (sites.Count > 0)
        {
            return NamedFromIl(sites, api, chain, entry,
                new CallSiteNote(CallSiteNoteKind.InlinedIntoFramework) { Frame = generatedFrame, Endpoint = EndpointNames.Describe(request!) });
        }
        if (generatedFrame is null)
        {
            return null;
        }
        if (handler is not null && holdsHandler)
        {
            var described = EndpointNames.Describe(request!);
            return new BlockingSite(handler, api.Kind, api.Api)
            {
                Chain = [.. chain, new CulpritFrame(handler)],
                Entry = entry,
                Site = new CallSite { Source = CallSiteSource.Endpoint, Note = new CallSiteNote(CallSiteNoteKind.HandlerInlined) { Frame = generatedFrame, Endpoint = described } },
            };
        }
        var route = request is null ? null : EndpointNames.Route(request);
        if (route is not null && holdsHandler)
        {
            // The app's IL may map the route to a named method (a method group) even when no event named it.
            var mapped = il.Handlers(request).Select(m => il.NameOf(m)).DistinctBy(n => n.Owner).ToArray();
            if (mapped is [{ Flavor: FrameFlavor.Method } named])
            {
                return new BlockingSite(named.Owner, api.Kind, api.Api)
                {
                    Chain = [.. chain, new CulpritFrame(named.Display)],
                    Entry = entry,
                    Site = new CallSite
                    {
                        Source = CallSiteSource.Il,
                        Note = new CallSiteNote(CallSiteNoteKind.HandlerMapped) { Frame = generatedFrame, Endpoint = route, Method = named.Display, Api = api.Api },
                    },
                };
            }
            return new BlockingSite("handler of " + route, api.Kind, api.Api)
            {
                Chain = chain,
                Entry = entry,
                Site = new CallSite
                {
                    Source = CallSiteSource.Endpoint,
                    Note = mapped is [var lambda]
                        ? new CallSiteNote(CallSiteNoteKind.HandlerUnnamed) { Frame = generatedFrame, Endpoint = route, Method = lambda.Display }
                        : new CallSiteNote(CallSiteNoteKind.HandlerUnmapped) { Frame = generatedFrame, Endpoint = route },
                },
            };
        }
        return new BlockingSite("(inlined or generated code)", api.Kind, api.Api)
        {
            Chain = chain,
            Entry = entry,
            Site = new CallSite
            {
                Source = CallSiteSource.Library,
                Note = new CallSiteNote(holdsHandler ? CallSiteNoteKind.GeneratedMayHoldHandler : CallSiteNoteKind.GeneratedNotHandler) { Frame = generatedFrame, Api = api.Api },
            },
        };
    }

    private static (int Index, BlockingApi? Api) OutermostBlockingFrame(IReadOnlyList<ReadFrame> frames, int regionEnd)
    {
        // Once the walk passes an ...Async call, a driver's sync-named frames above it are the synchronous start of
        // an async operation, not a blocking call; real wait primitives still count.
        var insideAsyncCall = false;
        for (var i = regionEnd - 1; i >= 0; i--)
        {
            var frame = frames[i].Name;
            if (frame.IsStateMachine || (frame.Flavor == FrameFlavor.Method && frame.Method.EndsWith("Async", StringComparison.Ordinal)))
            {
                insideAsyncCall = true;
            }
            var api = BlockingApis.Classify(frame);
            if (api is null || (api.IsDriverCall && insideAsyncCall))
            {
                continue;
            }
            // The wait primitive's caller may be the API the user called (Lazy<T>.Value): name that one.
            return i + 1 < regionEnd && BlockingApis.Wrapper(frames[i + 1].Name) is { } wrapper ? (i + 1, wrapper) : (i, api);
        }
        return (-1, null);
    }

    // ASP.NET Core's pipeline (middleware invocation, MVC's invokers, routing) between a user frame and the blocking
    // call means the user frame handed the request on; the blocking happened further in.
    private static bool HasPipelineFrame(IReadOnlyList<ReadFrame> frames, int from, int to)
    {
        for (var i = from; i < to && i < frames.Count; i++)
        {
            if (UserCode.IsUnder(frames[i].Name.TypeFullName, "Microsoft.AspNetCore"))
            {
                return true;
            }
        }
        return false;
    }

    /// <summary>
    /// The generated frame that called the blocking API directly (only the base library's own frames between them):
    /// that is where the JIT put the user's inlined method. A generated frame further out, behind framework frames,
    /// only means the framework itself blocks inside a request.
    /// </summary>
    // The generated frame nearest the API below it, whatever library frames sit between (a package's query pipeline).
    private static int FirstGenerated(StackReading stack, int apiIndex, int to)
    {
        for (var i = apiIndex + 1; i < to && i < stack.Frames.Count; i++)
        {
            if (stack.Frames[i].IsGenerated)
            {
                return i;
            }
        }
        return -1;
    }

    private static int GeneratedCaller(StackReading stack, int apiIndex, int to)
    {
        for (var i = apiIndex + 1; i < to && i < stack.Frames.Count; i++)
        {
            if (stack.Frames[i].IsGenerated)
            {
                return i;
            }
            if (!UserCode.IsUnder(stack.Frames[i].Name.TypeFullName, "System"))
            {
                return -1;
            }
        }
        return -1;
    }

    /// <summary>The outermost user frame when generated code that can hold a request's handler (ASP.NET Core's
    /// compiled delegate) called it; else null.</summary>
    private static int? HandlerDelegateCaller(StackReading stack, int workEnd)
    {
        for (var i = Math.Min(workEnd, stack.Frames.Count) - 1; i >= 0; i--)
        {
            if (stack.Frames[i].IsUser)
            {
                var caller = i + 1;
                return caller < stack.Frames.Count && stack.Frames[caller].IsGenerated && GeneratedCode.CanHoldHandler(stack.Frames[caller].Name) ? i : null;
            }
        }
        return null;
    }

    // Work queued by Task.Run/StartNew: the outermost user frame is a lambda sitting on the task's invoke frames.
    private static bool QueuedByTask(StackReading stack, int workEnd)
    {
        var outermost = -1;
        for (var i = Math.Min(workEnd, stack.Frames.Count) - 1; i >= 0 && outermost < 0; i--)
        {
            if (stack.Frames[i].IsUser)
            {
                outermost = i;
            }
        }
        if (outermost < 0 || stack.Frames[outermost].Name.Flavor is not (FrameFlavor.Lambda or FrameFlavor.AsyncLambda))
        {
            return false;
        }
        for (var i = outermost + 1; i < workEnd && i < stack.Frames.Count; i++)
        {
            if (stack.Frames[i].Name is { TypeFullName: "System.Threading.Tasks.Task", Method: "InnerInvoke" or "ExecuteWithThreadLocal" })
            {
                return true;
            }
        }
        return false;
    }

    private static bool IsSpinning(FrameName leaf) => leaf.Key is "System.Threading.LowLevelSpinWaiter.Wait"
        or "System.Threading.SpinWait.SpinOnce" or "System.Threading.SpinWait.SpinOnceCore" or "System.Threading.Thread.SpinWait"
        or "System.Threading.Thread.SpinWaitInternal";

    private static IReadOnlyList<CulpritFrame> UserFramesRootFirst(StackReading stack, int from)
    {
        var chain = new List<CulpritFrame>();
        var last = -1;
        for (var i = stack.Frames.Count - 1; i >= from; i--)
        {
            var frame = stack.Frames[i];
            if (!frame.IsUser)
            {
                continue;
            }
            // An async method's stub, then its state machine's body: one method to the reader, named by the body.
            if (last >= 0 && frame.Name.IsStateMachine && !stack.Frames[last].Name.IsStateMachine
                && frame.Name.QualifiedOwner == stack.Frames[last].Name.QualifiedOwner)
            {
                chain[^1] = new CulpritFrame(frame.Cleaned, frame.Source ?? chain[^1].Source);
            }
            else if (chain.Count == 0 || chain[^1].Method != frame.Cleaned)
            {
                chain.Add(new CulpritFrame(frame.Cleaned, frame.Source));
            }
            else
            {
                // One name twice in a row: the inner frame holds the call.
                chain[^1] = chain[^1] with { Source = frame.Source ?? chain[^1].Source };
            }
            last = i;
        }
        return chain;
    }

    // Without user code, the work item starts just above the pool's dispatch frame.
    internal static int EndOfWork(IReadOnlyList<ReadFrame> frames)
    {
        for (var i = 0; i < frames.Count; i++)
        {
            if (ThreadPoolFrames.IsDispatch(frames[i].Name) || ThreadPoolFrames.IsWorkerLoop(frames[i].Name))
            {
                return i;
            }
        }
        return frames.Count;
    }

    private static int IndexOfFirstUser(IReadOnlyList<ReadFrame> frames)
    {
        for (var i = 0; i < frames.Count; i++)
        {
            if (frames[i].IsUser)
            {
                return i;
            }
        }
        return -1;
    }
}
