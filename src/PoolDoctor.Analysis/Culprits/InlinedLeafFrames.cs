using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Restores the frames tier-1 code compiled into a package frame at the top of a stack. A warmed-up service's sync
/// call into a library (StackExchange.Redis' <c>RedisBase.ExecuteSync</c>) can have its helper and the wait under it
/// (<c>ConnectionMultiplexer.ExecuteSyncImpl → Monitor.Wait</c>, whose runtime call leaves no managed frame) inlined,
/// so the sampled stack ends in the package frame with no blocking frame at all and nothing is named. The package's
/// IL at the frame's sampled offset says what it runs there: the calls from that offset on (to the statement's end
/// when the PDB gives it, else the first few), followed through the package's own methods, down to a blocking API.
/// Found, those methods and the API become frames above the leaf, and the stack reads as it would cold. Not found, or
/// a stack that already shows a blocking frame: unchanged.
/// </summary>
public static class InlinedLeafFrames
{
    private const int MaxDepth = 3;
    private const int MaxCallsWithoutPdb = 3;

    public static StackSnapshot Restore(StackSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        if (snapshot.LeafLibraryCallGraph.Methods.Count == 0)
        {
            return snapshot;
        }
        // A package's frame at the top: the framework's assemblies are read for the frames under a wait
        // (DevirtualizedFrames, InlinedLibraryFrames), not to guess what a framework frame busy on the CPU waits in.
        var framework = Names(snapshot, ModuleOrigin.Framework);
        var leaves = snapshot.LeafLibraryCallGraph;
        var index = new CallGraphIndex(leaves with { Methods = [.. leaves.Methods.Where(m => !framework.Contains(m.Module))] });
        // The app's methods too: a framework frame may have inlined the app's code as well as a package's.
        var both = new CallGraphIndex(new CallGraph(
            [.. snapshot.LeafLibraryCallGraph.Methods, .. snapshot.CallGraph.Methods], [.. snapshot.LeafLibraryCallGraph.Types, .. snapshot.CallGraph.Types]));
        var inliners = new InlinedLibraryFrames(both, framework, Names(snapshot, ModuleOrigin.App));
        var restored = new Dictionary<IReadOnlyList<StackFrame>, IReadOnlyList<StackFrame>>(ReferenceEqualityComparer.Instance);
        IReadOnlyList<StackFrame> Frames(IReadOnlyList<StackFrame> frames)
        {
            if (!restored.TryGetValue(frames, out var done))
            {
                restored[frames] = done = inliners.Restore(Restore(frames, index));
            }
            return done;
        }
        return snapshot with
        {
            Stacks = [.. snapshot.Stacks.Select(s => s with { Frames = Frames(s.Frames) })],
            Waits = [.. snapshot.Waits.Select(w => w with { Frames = Frames(w.Frames) })],
        };
    }

    private static HashSet<string> Names(StackSnapshot snapshot, ModuleOrigin origin) =>
        snapshot.Modules.Where(m => m.Origin == origin).Select(m => m.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);

    internal static IReadOnlyList<StackFrame> Restore(IReadOnlyList<StackFrame> frames, CallGraphIndex index)
    {
        if (frames.Count == 0 || frames[0] is not { MethodToken: { } token } leaf
            || index.Method(leaf.Module, token) is not { } root
            || frames.Any(f => BlockingApiTable.Classify(FrameNameParser.Parse(f.Method)) is not null))
        {
            return frames;
        }
        if (Path(index, root, leaf.IlOffset) is not { } path)
        {
            return frames;
        }
        var (methods, api) = path;
        var added = new List<StackFrame>
        {
            new(ApiModule(api, leaf.Module), api.TargetTypeFullName + "." + api.TargetMethod),
        };
        added.AddRange(methods.AsEnumerable().Reverse().Select(m => new StackFrame(leaf.Module, index.RuntimeName(m))));
        return [.. added, .. frames];
    }

    /// <summary>The package's methods (outermost first, the leaf's own method excluded) and the blocking call they
    /// reach from the leaf's offset (from any of its calls when the offset is unknown); null when none within a few
    /// calls, or, without an offset, when different calls reach different blocking paths.</summary>
    private static (IReadOnlyList<IlMethod> Methods, IlCall Api)? Path(CallGraphIndex index, IlMethod root, int? at)
    {
        if (at is not { } offset)
        {
            // A dump's tier-1 leaf: no statement. Every call of the method is tried, and only one blocking path
            // among them, whichever call it starts from, is a finding; two are two guesses.
            var paths = Callable(root).Select(c => Reach(index, c, [], 1)).OfType<(IReadOnlyList<IlMethod> Methods, IlCall Api)>()
                .DistinctBy(p => string.Join('|', p.Methods.Select(m => m.TypeFullName + "." + m.Method)) + "|" + p.Api.TargetTypeFullName + "." + p.Api.TargetMethod)
                .Take(2)
                .ToList();
            return paths.Count == 1 ? paths[0] : null;
        }
        var next = root.SequencePoints.FirstOrDefault(p => p.IlOffset > offset)?.IlOffset;
        var calls = Callable(root).Where(c => c.IlOffset >= offset && (next is null || c.IlOffset < next));
        if (next is null)
        {
            calls = calls.Take(MaxCallsWithoutPdb);
        }
        foreach (var call in calls)
        {
            if (Reach(index, call, [], 1) is { } found)
            {
                return found;
            }
        }
        return null;
    }

    private static (IReadOnlyList<IlMethod> Methods, IlCall Api)? Reach(CallGraphIndex index, IlCall call, List<IlMethod> through, int depth)
    {
        if (BlockingApiTable.ClassifyCall(call.TargetTypeFullName, call.TargetMethod) is not null)
        {
            return (through, call);
        }
        if (depth > MaxDepth)
        {
            return null;
        }
        foreach (var target in index.Targets(call).Where(t => !through.Contains(t)))
        {
            foreach (var inner in Callable(target))
            {
                if (Reach(index, inner, [.. through, target], depth + 1) is { } found)
                {
                    return found;
                }
            }
        }
        return null;
    }

    // A delegate made here runs elsewhere; an awaited call does not block this thread.
    internal static IEnumerable<IlCall> Callable(IlMethod method)
    {
        var awaited = AwaitedCalls.Of(method);
        return method.Calls
            .Where(c => c.Kind is not (IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction) && !awaited.Contains(c))
            .OrderBy(c => c.IlOffset);
    }

    // The blocking APIs of the table are the BCL's, but for a driver's own sync verb, which is the package's.
    private static string ApiModule(IlCall api, string leafModule) =>
        api.TargetTypeFullName.StartsWith("System.", StringComparison.Ordinal) ? "System.Private.CoreLib" : leafModule;
}
