using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>Where one stack blocks: the user method that holds the thread, the kind of blocking and the API.</summary>
public sealed record BlockingSite(string Method, BlockingKind Kind, string Api);

/// <summary>
/// Reads one stack (leaf first). The blocking API is the recognised blocking frame nearest the user's code above
/// it (so <c>Monitor.Wait</c> under <c>Task.Wait</c> is a task wait, and <c>Socket.Receive</c> under
/// <c>NpgsqlCommand.ExecuteNonQuery</c> is that driver call). The method is the user code that called it: the
/// outermost frame of the unbroken run of user frames below the API, which is the method a request or work item
/// entered (a <c>Task.Run</c> lambda names its outer method, a data-access helper names the action that called it).
/// </summary>
public static class BlockingSites
{
    public static BlockingSite? Find(StackReading stack, BlockingApi? fallback = null)
    {
        var frames = stack.Frames;
        var firstUser = IndexOfFirst(stack.UserFrames, true);
        var regionEnd = firstUser >= 0 ? firstUser : EndOfWork(frames);

        var (apiIndex, api) = OutermostBlockingFrame(frames, regionEnd);
        if (api is null)
        {
            if (fallback is null || frames.Count == 0)
            {
                return null;
            }
            (apiIndex, api) = (Math.Max(regionEnd - 1, 0), fallback);
        }

        string method;
        if (firstUser >= 0)
        {
            var last = firstUser;
            while (last + 1 < frames.Count && stack.UserFrames[last + 1])
            {
                last++;
            }
            method = frames[last].Owner;
        }
        else
        {
            // No user code: name the library frame that made the call, so the blocking is still visible, unless
            // that is the pool itself (its own locks and semaphores while it looks for work).
            var caller = apiIndex + 1 < frames.Count ? frames[apiIndex + 1] : frames[apiIndex];
            if (ThreadPoolFrames.IsPoolInternal(caller))
            {
                return null;
            }
            method = caller.Owner;
        }
        return new BlockingSite(method, api.Kind, api.Api);
    }

    private static (int Index, BlockingApi? Api) OutermostBlockingFrame(IReadOnlyList<FrameName> frames, int regionEnd)
    {
        // Once the walk passes an ...Async call, a driver's sync-named frames above it are the synchronous start of
        // an async operation, not a blocking call; real wait primitives still count.
        var insideAsyncCall = false;
        for (var i = regionEnd - 1; i >= 0; i--)
        {
            var frame = frames[i];
            if (frame.IsStateMachine || (frame.Flavor == FrameFlavor.Method && frame.Method.EndsWith("Async", StringComparison.Ordinal)))
            {
                insideAsyncCall = true;
            }
            var api = BlockingApis.Classify(frame);
            if (api is null || (api.IsDriverCall && insideAsyncCall))
            {
                continue;
            }
            return (i, api);
        }
        return (-1, null);
    }

    // Without user code, the work item starts just above the pool's dispatch frame.
    private static int EndOfWork(IReadOnlyList<FrameName> frames)
    {
        for (var i = 0; i < frames.Count; i++)
        {
            if (ThreadPoolFrames.IsDispatch(frames[i]) || ThreadPoolFrames.IsWorkerLoop(frames[i]))
            {
                return i;
            }
        }
        return frames.Count;
    }

    private static int IndexOfFirst(IReadOnlyList<bool> flags, bool value)
    {
        for (var i = 0; i < flags.Count; i++)
        {
            if (flags[i] == value)
            {
                return i;
            }
        }
        return -1;
    }
}
