using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// A pool thread that waits right under a shared-framework method (only the runtime's frames, the wait, above it)
/// was not necessarily blocked by the framework: tier-1 code devirtualizes a virtual call whose receiver it keeps
/// seeing (guarded devirtualization) and inlines the override, so a package's rate limiter and the helper that waits
/// can sit compiled inside the framework's <c>DefaultPartitionedRateLimiter.AttemptAcquireCore</c>. The framework
/// method's IL at its sampled offset says which: its calls there, followed through the read assemblies' methods
/// (virtual calls to their overrides), to a call of the blocking API of the kind the stack shows.
/// <list type="bullet">
/// <item>The statement calls a blocking API or the runtime's frame above it itself, or only framework methods reach
/// the wait: the framework blocks, and the stack is left as it is.</item>
/// <item>One path through a method that is not the framework's: its methods go back on the stack between the two,
/// and the stack reads as cold.</item>
/// <item>Paths through different non-framework methods, or a framework path beside one, or no path at all (the
/// statement calls neither the wait nor the runtime's frames above it, so something not on the stack ran between):
/// the stack is marked unresolved, so the culprit says so instead of naming a framework method that the IL does not
/// prove made the call.</item>
/// </list>
/// The rule knows no component: the statement's IL, the overrides and the kind of the wait decide.
/// </summary>
internal sealed class DevirtualizedFrames(CallGraphIndex index, IReadOnlySet<string> framework)
{
    private const string CoreLib = "System.Private.CoreLib";
    private const int MaxDepth = 7;
    private const int MaxCallsWithoutPdb = 3;
    private const int CallsPerStatementCall = 5_000;

    private readonly Dictionary<(string, int, int?, BlockingKind), Outcome> _outcomes = [];

    /// <summary>Every stack and wait of the capture read this way: the frames put back where one path was found, and
    /// the frame lists (by reference) whose wait's caller stays unresolved.</summary>
    public static (StackSnapshot Snapshot, IReadOnlySet<IReadOnlyList<StackFrame>> Unresolved) Restore(StackSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        var unresolved = new HashSet<IReadOnlyList<StackFrame>>(ReferenceEqualityComparer.Instance);
        if (snapshot.LeafLibraryCallGraph.Methods.Count == 0)
        {
            return (snapshot, unresolved);
        }
        var framework = snapshot.Modules.Where(m => m.Origin == ModuleOrigin.Framework).Select(m => m.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        // The app's methods too: the app's own override of a framework type can be the one inlined.
        var index = new CallGraphIndex(new CallGraph(
            [.. snapshot.LeafLibraryCallGraph.Methods, .. snapshot.CallGraph.Methods], [.. snapshot.LeafLibraryCallGraph.Types, .. snapshot.CallGraph.Types]));
        var reader = new DevirtualizedFrames(index, framework);
        var read = new Dictionary<IReadOnlyList<StackFrame>, IReadOnlyList<StackFrame>>(ReferenceEqualityComparer.Instance);
        IReadOnlyList<StackFrame> Frames(IReadOnlyList<StackFrame> frames)
        {
            if (!read.TryGetValue(frames, out var done))
            {
                var (restored, open) = reader.Read(frames);
                read[frames] = done = restored;
                if (open)
                {
                    unresolved.Add(done);
                }
            }
            return done;
        }
        var result = snapshot with
        {
            Stacks = [.. snapshot.Stacks.Select(s => s with { Frames = Frames(s.Frames) })],
            Waits = [.. snapshot.Waits.Select(w => w with { Frames = Frames(w.Frames) })],
        };
        return (result, unresolved);
    }

    /// <summary>What an unresolved site is named instead of a method (its note names the framework frame).</summary>
    public const string UnresolvedMethod = "(unresolved)";

    /// <summary>The site a stack marked unresolved gets when the stack alone would name the framework method: the wait
    /// and its kind, the framework frame it was compiled into, and no method named as the call site.</summary>
    public static BlockingSite Unresolved(BlockingSite site) =>
        site.Site.Note?.Kind != CallSiteNoteKind.LibraryOnly ? site : new BlockingSite(UnresolvedMethod, site.Kind, site.Api)
        {
            Entry = site.Entry,
            Chain = site.Chain,
            Site = new CallSite
            {
                Source = CallSiteSource.Library,
                Note = new CallSiteNote(CallSiteNoteKind.OverrideUnresolved) { Frame = site.Method, Api = site.Api },
            },
        };

    /// <summary>What the IL says about one stack: the frames (with the inlined methods put back when one path was
    /// found) and whether the wait's caller stays unresolved.</summary>
    public (IReadOnlyList<StackFrame> Frames, bool Unresolved) Read(IReadOnlyList<StackFrame> frames)
    {
        var first = 0;
        while (first < frames.Count && frames[first].Module.Equals(CoreLib, StringComparison.OrdinalIgnoreCase))
        {
            first++;
        }
        if (first == 0 || first == frames.Count || frames[first] is not { MethodToken: { } token } caller
            || !framework.Contains(caller.Module)
            || !frames.Skip(first).Any(f => ThreadPoolFrames.IsDispatch(FrameNameParser.Parse(f.Method)))
            || WaitOf(frames, first) is not { } api
            || index.Method(caller.Module, token) is not { } root)
        {
            return (frames, false);
        }
        var key = (root.Module.ToUpperInvariant(), root.Token, caller.IlOffset, api.Kind);
        if (!_outcomes.TryGetValue(key, out var outcome))
        {
            _outcomes[key] = outcome = Find(root, caller.IlOffset, api.Kind, RuntimeTypes(frames, first));
        }
        if (outcome.Path is { } path)
        {
            var added = path.AsEnumerable().Reverse().Select(m => new StackFrame(m.Module, index.RuntimeName(m)));
            return ([.. frames.Take(first), .. added, .. frames.Skip(first)], false);
        }
        return (frames, outcome.Unresolved);
    }

    // The blocking API the runtime's frames show, nearest the framework frame (Task.Wait over the event it waits on).
    private static BlockingApi? WaitOf(IReadOnlyList<StackFrame> frames, int first)
    {
        for (var i = first - 1; i >= 0; i--)
        {
            if (BlockingApiTable.Classify(FrameNameParser.Parse(frames[i].Method)) is { } api)
            {
                return api;
            }
        }
        return null;
    }

    private sealed record Outcome(IReadOnlyList<IlMethod>? Path, bool Unresolved);

    private static readonly Outcome Unchanged = new(null, false);

    // The types of the runtime's frames above the framework frame, as the IL names them (no arity, no arguments).
    private static HashSet<string> RuntimeTypes(IReadOnlyList<StackFrame> frames, int first) =>
        frames.Take(first).Select(f => TypeName(FrameNameParser.Parse(f.Method).TypeFullName)).ToHashSet(StringComparer.Ordinal);

    private static string TypeName(string name)
    {
        var plain = CallGraphIndex.WithoutTypeArguments(name.Replace('+', '.'));
        var tick = plain.IndexOf('`', StringComparison.Ordinal);
        return tick < 0 ? plain : plain[..tick];
    }

    private Outcome Find(IlMethod root, int? offset, BlockingKind kind, HashSet<string> runtimeTypes)
    {
        var next = offset is null ? null : root.SequencePoints.FirstOrDefault(p => p.IlOffset > offset)?.IlOffset;
        var calls = InlinedLeafFrames.Callable(root).Where(c => offset is null || (c.IlOffset >= offset && (next is null || c.IlOffset < next))).ToList();
        if (next is null && offset is not null)
        {
            calls = [.. calls.Take(MaxCallsWithoutPdb)];
        }
        if (calls.Any(c => BlockingApiTable.ClassifyCall(c.TargetTypeFullName, c.TargetMethod) is not null || runtimeTypes.Contains(TypeName(c.TargetTypeFullName))))
        {
            return Unchanged; // the framework method makes the blocking call, or the call into the runtime above it, itself
        }
        var search = new SearchState(kind);
        // Shortest paths first: a longer path through another override can reach a wait of the same kind too.
        for (var limit = 1; limit <= MaxDepth; limit++)
        {
            search.Landed.Clear();
            foreach (var call in calls)
            {
                search.Calls = CallsPerStatementCall;
                Reach(call, [root], 1, limit, search);
            }
            if (search.Landed.Count == 0)
            {
                continue;
            }
            var outside = search.Landed.Where(p => p.Any(m => !framework.Contains(m.Module)))
                .DistinctBy(p => string.Join('|', p.Where(m => !framework.Contains(m.Module)).Select(m => m.Module + ":" + m.Token)))
                .ToList();
            if (outside.Count == 0)
            {
                return Unchanged; // only the framework's own code reaches the wait: the framework blocks
            }
            // One override's path and no framework path beside it: that is what ran; anything else is two guesses.
            var frameworkToo = search.Landed.Any(p => p.All(m => framework.Contains(m.Module)));
            return outside.Count == 1 && !frameworkToo ? new Outcome(outside[0], false) : new Outcome(null, true);
        }
        // The statement calls neither the wait nor the runtime's frames above it, and nothing read leads there: code
        // that is not on the stack ran between the two, and the IL read does not say what.
        return new Outcome(null, true);
    }

    private void Reach(IlCall call, List<IlMethod> through, int depth, int limit, SearchState search)
    {
        if (BlockingApiTable.ClassifyCall(call.TargetTypeFullName, call.TargetMethod) is { } api)
        {
            if (api.Kind == search.Kind && depth == limit && through.Count > 1)
            {
                search.Landed.Add(through[1..]);
            }
            return;
        }
        if (depth >= limit || --search.Calls < 0)
        {
            return;
        }
        foreach (var method in index.Targets(call).Where(m => !through.Contains(m)))
        {
            foreach (var inner in InlinedLeafFrames.Callable(method))
            {
                Reach(inner, [.. through, method], depth + 1, limit, search);
            }
        }
    }

    private sealed class SearchState(BlockingKind kind)
    {
        public BlockingKind Kind { get; } = kind;

        public int Calls { get; set; }

        public List<IReadOnlyList<IlMethod>> Landed { get; } = [];
    }
}
