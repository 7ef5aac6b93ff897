using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>The regions of a blocked stack (leaf first) that <see cref="BlockedStack.Read"/> finds: where the blocking API,
/// the user's code, generated code and the pool's dispatch are.</summary>
internal static class StackRegions
{
    internal static (int Index, BlockingApi? Api) OutermostBlockingFrame(IReadOnlyList<ReadFrame> frames, int regionEnd)
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
            var api = BlockingApiTable.Classify(frame);
            if (api is null || (api.IsDriverCall && insideAsyncCall))
            {
                continue;
            }
            // The wait primitive's caller may be the API the user called (Lazy<T>.Value): name that one.
            return i + 1 < regionEnd && BlockingApiTable.Wrapper(frames[i + 1].Name) is { } wrapper ? (i + 1, wrapper) : (i, api);
        }
        return (-1, null);
    }

    // ASP.NET Core's pipeline (middleware invocation, MVC's invokers, routing) between a user frame and the blocking
    // call means the user frame handed the request on; the blocking happened further in.
    internal static bool HasPipelineFrame(IReadOnlyList<ReadFrame> frames, int from, int to)
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

    // The generated frame nearest the API below it, whatever library frames sit between (a package's query pipeline).
    internal static int FirstGenerated(StackReading stack, int apiIndex, int to)
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

    /// <summary>
    /// The generated frame that called the blocking API directly (only the base library's own frames between them):
    /// that is where the JIT put the user's inlined method. A generated frame further out, behind framework frames,
    /// only means the framework itself blocks inside a request.
    /// </summary>
    internal static int GeneratedCaller(StackReading stack, int apiIndex, int to)
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
    internal static int? HandlerDelegateCaller(StackReading stack, int workEnd)
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
    internal static bool QueuedByTask(StackReading stack, int workEnd)
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

    internal static bool IsSpinning(FrameName leaf) => leaf.Key is "System.Threading.LowLevelSpinWaiter.Wait"
        or "System.Threading.SpinWait.SpinOnce" or "System.Threading.SpinWait.SpinOnceCore" or "System.Threading.Thread.SpinWait"
        or "System.Threading.Thread.SpinWaitInternal";

    internal static IReadOnlyList<CulpritFrame> UserFramesRootFirst(StackReading stack, int from)
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

    internal static int IndexOfFirstUser(IReadOnlyList<ReadFrame> frames)
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
