using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Where a blocking stack crosses into NuGet packages, as the capture's deps.json said which frames came from which
/// package (never from package names). Between the user's frame (or the pool's dispatch, when no user frame is on the
/// stack) and the blocking API, the packages on the path are read outermost first:
/// <list type="bullet">
/// <item>the <b>deepest package</b> is the one nearest the API; its outermost frame is the public entry the others call
/// (<c>RedisDatabase.ScriptEvaluate</c>, i.e. <c>IDatabase.ScriptEvaluate</c>): the blocking API when another package
/// calls it;</item>
/// <item>the <b>referenced package</b> is the outermost one the app's projects reference directly (else the outermost):
/// the one the user chose, can upgrade, and whose code makes the call; its frame nearest the API is where the fix goes
/// (<c>RedisWindowManager.TryAcquireLease</c>).</item>
/// </list>
/// When the user's own frame calls the deepest package directly and no other package is on the path, the user calls a
/// blocking API of that package: the user's line stays the call site, named with the package's public entry.
/// </summary>
public static class PackageBoundary
{
    /// <summary>What crossing into packages changes. <see cref="Inside"/> false: the user calls the package's blocking
    /// API directly (only <see cref="Api"/> and <see cref="ApiTwin"/> apply).</summary>
    public sealed record Crossing(bool Inside, BlockingApi Api, AsyncTwin? ApiTwin)
    {
        public PackageRef? Package { get; init; }

        /// <summary>Frame index of the referenced package's method nearest the API.</summary>
        public int MethodIndex { get; init; } = -1;

        /// <summary>Frame indices of the referenced package on the path, outermost first.</summary>
        public IReadOnlyList<int> PackageFrames { get; init; } = [];

        public AsyncTwin? PackageTwin { get; init; }

        /// <summary>The library API the user's frame called to reach the package (not the package itself).</summary>
        public AsyncTwin? UserCallTwin { get; init; }

        /// <summary>The async API the user's frame called that ran synchronously into the package.</summary>
        public AwaitedRanSync? AwaitedRanSync { get; init; }
    }

    /// <param name="awaitedCall">The user's frame's call into the package method under it, when its signature returns
    /// a task (the app's IL says so; "Type.Method"): blocking deeper in the package is then the package's own code
    /// blocking inside its async API before it returned (a <c>.Result</c> in its async method), not the user calling a
    /// blocking API.</param>
    public static Crossing? Find(StackReading stack, int apiIndex, BlockingApi api, int firstUser, int workEnd, string? awaitedCall = null)
    {
        var frames = stack.Frames;
        var top = Math.Min(firstUser >= 0 ? firstUser : workEnd, frames.Count);
        if (apiIndex < 0 || top <= apiIndex || frames.Count == 0 || !Enumerable.Range(apiIndex + 1, Math.Max(0, top - apiIndex - 1)).Any(i => frames[i].Package is not null))
        {
            return null; // nothing packaged between the caller and the API: the caller called the API itself
        }
        var lowest = Enumerable.Range(apiIndex, top - apiIndex).First(i => frames[i].Package is not null);
        var deepest = frames[lowest].Package!;
        var deepestOuter = lowest;
        for (var i = lowest + 1; i < top; i++)
        {
            if (frames[i].Package is { } p)
            {
                if (p.Name != deepest.Name)
                {
                    break;
                }
                deepestOuter = i;
            }
        }
        var onPath = Enumerable.Range(apiIndex, top - apiIndex).Reverse()
            .Select(i => frames[i].Package).OfType<PackageRef>().DistinctBy(p => p.Name).ToList();
        var referenced = onPath.FirstOrDefault(p => p.Direct) ?? onPath[0];

        var blocksInsideAsyncEntry = awaitedCall is not null && firstUser >= 1 && apiIndex < firstUser - 1;
        if (firstUser >= 1 && onPath.Count == 1 && frames[firstUser - 1].Package?.Name == referenced.Name && !blocksInsideAsyncEntry)
        {
            var direct = Entry(stack, deepestOuter, api);
            return new Crossing(false, direct.Api, direct.Twin);
        }

        var onReferenced = Enumerable.Range(apiIndex, top - apiIndex).Reverse().Where(i => frames[i].Package?.Name == referenced.Name).ToList();
        var method = onReferenced.Where(i => i > apiIndex).DefaultIfEmpty(onReferenced[^1]).Min();
        // A framework wait (Task.Result under the package's own code) has no twin to look up: only a package's entry
        // or a driver's verb is an API someone could call asynchronously instead.
        var (blocking, apiTwin) = deepest.Name != referenced.Name ? Entry(stack, deepestOuter, api)
            : (api, api.IsDriverCall ? TwinOf(stack, apiIndex, api.Api) : null);
        var userCall = firstUser >= 1 && frames[firstUser - 1].Package is null ? Entry(stack, firstUser - 1, api).Twin : null;
        // The package's twin is the user's to call only when the user's own frame calls into the package on this
        // stack; under the framework (a limiter the middleware runs) or a library API, the user holds no such call.
        var userCallsPackage = firstUser >= 1 && frames[firstUser - 1].Package?.Name == referenced.Name;
        return new Crossing(true, blocking, apiTwin)
        {
            Package = referenced,
            MethodIndex = method,
            PackageFrames = onReferenced,
            PackageTwin = TwinOf(stack, method, stack.Frames[method].Name.Owner, userCallsPackage),
            UserCallTwin = userCall,
            AwaitedRanSync = blocksInsideAsyncEntry && frames[firstUser - 1].Package?.Name == referenced.Name
                ? new AwaitedRanSync(awaitedCall!, stack.Frames[method].Name.Owner, NotOverridden: false)
                : RanSync(stack, firstUser, apiIndex),
        };
    }

    /// <summary>
    /// The user's frame called an async API (a method named <c>…Async</c> that is not a state machine's body, so its
    /// synchronous part is still running) and the thread blocks under it in the package: the await never got a task
    /// back. Framework frames between the two are the async method's base or overloads; the first package frame
    /// under them is what it ran.
    /// </summary>
    private static AwaitedRanSync? RanSync(StackReading stack, int firstUser, int apiIndex)
    {
        if (firstUser < 2)
        {
            return null;
        }
        var awaited = firstUser - 1;
        var frame = stack.Frames[awaited].Name;
        if (!frame.Method.EndsWith("Async", StringComparison.Ordinal) || frame.IsStateMachine || stack.Frames[awaited].Package is not null)
        {
            return null;
        }
        var ran = awaited - 1;
        while (ran > apiIndex && stack.Frames[ran].Package is null && stack.Frames[ran].Name.Method == frame.Method)
        {
            ran--; // an overload passing its CancellationToken on
        }
        if (ran < 0 || stack.Frames[ran].Package is null)
        {
            return null;
        }
        var sync = stack.Frames[ran].Name;
        var twin = frame.Method[..^"Async".Length];
        var notOverridden = sync.Method == twin && sync.Owner != frame.Owner;
        return new AwaitedRanSync(frame.Owner, sync.Owner, notOverridden);
    }

    /// <summary>The public name of a frame's method (its interface's when the metadata said so) as the blocking API.</summary>
    private static (BlockingApi Api, AsyncTwin? Twin) Entry(StackReading stack, int index, BlockingApi api)
    {
        var frame = stack.Frames[index].Name;
        var declared = stack.Frames[index].Declared;
        var name = declared?.PublicType is { } publicType ? publicType + "." + frame.Method : frame.Owner;
        return (api with { Api = name }, declared?.TwinFor(name));
    }

    private static AsyncTwin? TwinOf(StackReading stack, int index, string name, bool reached = true) =>
        stack.Frames[index].Declared is { } declared ? declared.TwinFor(name, reached) : null;

}
