using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Restores the package (or app) methods tier-1 code inlined into a framework or package frame that sits right below
/// a package frame of another assembly. A warmed-up service's rate limiter is run by the framework's
/// <c>DefaultPartitionedRateLimiter.AttemptAcquireCore</c>; the referenced package's <c>AttemptAcquireCore</c> and
/// <c>TryAcquireLease</c> are compiled into it, so the stack goes from that framework frame straight into the Redis
/// client, and the package where the fix goes is not on it. The caller's IL at its sampled offset says what it ran:
/// the calls of that statement (to the next sequence point; without a PDB the first few), followed through the
/// methods of the read assemblies (virtual calls to their overrides), to the call that enters the callee's assembly
/// or lands on the callee itself. Found through at least one method that is not the framework's, those methods (and
/// the entry call into the callee's assembly) become frames between the two; a statement that enters the callee's
/// assembly itself at another method that leads to the callee gets that entry back alone. The rule knows no
/// component: a middleware, a health-check service or a DI factory take the same path. A statement that calls the
/// callee itself (nothing was inlined), or no path within a few calls: unchanged.
/// </summary>
internal sealed class InlinedLibraryFrames(CallGraphIndex index, IReadOnlySet<string> framework, IReadOnlySet<string> app)
{
    private const int MaxDepth = 5;
    private const int MaxCallsWithoutPdb = 3;

    // Framework code fans out (every limiter overrides AttemptAcquireCore; a client's message types override dozens
    // of methods): each call of the statement is followed through at most this many calls.
    private const int CallsPerStatementCall = 3_000;

    // Many stacks share a (caller at its offset, callee) pair: each is searched once.
    private readonly Dictionary<(string, int, int?, string, int?), (IReadOnlyList<IlMethod> Methods, IlCall? Entry)?> _paths = [];
    private readonly Dictionary<IlMethod, HashSet<IlMethod>> _reachers = new(ReferenceEqualityComparer.Instance);

    public IReadOnlyList<StackFrame> Restore(IReadOnlyList<StackFrame> frames)
    {
        // Only a pool thread's work is ever a culprit: the client's own reader threads are not searched.
        if (!frames.Any(f => ThreadPoolFrames.IsDispatch(FrameNameParser.Parse(f.Method))))
        {
            return frames;
        }
        // Top down; a frame of the app above ends the search: the app's own frames take InlinedAtOffset's recovery.
        for (var i = 1; i < frames.Count && !app.Contains(frames[i - 1].Module); i++)
        {
            var (caller, callee) = (frames[i], frames[i - 1]);
            if (caller is not { MethodToken: { } token }
                || app.Contains(caller.Module) || framework.Contains(callee.Module)
                || caller.Module.Equals(callee.Module, StringComparison.OrdinalIgnoreCase)
                || index.Method(caller.Module, token) is not { } root
                || CachedPath(root, caller.IlOffset, callee) is not { } path
                || !(path.Methods.Any(m => !framework.Contains(m.Module)) || (path.Methods.Count == 0 && path.Entry is not null)))
            {
                continue;
            }
            var added = new List<StackFrame>();
            if (path.Entry is { } entry)
            {
                added.Add(new StackFrame(index.ModuleOf(entry.TargetTypeFullName) ?? callee.Module, entry.TargetTypeFullName + "." + entry.TargetMethod));
            }
            added.AddRange(path.Methods.AsEnumerable().Reverse().Select(m => new StackFrame(m.Module, index.RuntimeName(m))));
            return [.. frames.Take(i), .. added, .. frames.Skip(i)];
        }
        return frames;
    }

    /// <summary>The methods between the caller and the callee (outermost first) and the call that enters the callee's
    /// assembly when it is not the callee's own method; null when the statement calls the callee directly or no
    /// path was found.</summary>
    private (IReadOnlyList<IlMethod> Methods, IlCall? Entry)? CachedPath(IlMethod root, int? offset, StackFrame callee)
    {
        var key = (root.Module, root.Token, offset, callee.Module.ToUpperInvariant(), callee.MethodToken);
        if (!_paths.TryGetValue(key, out var path))
        {
            _paths[key] = path = Path(root, offset, callee);
        }
        return path;
    }

    private (IReadOnlyList<IlMethod> Methods, IlCall? Entry)? Path(IlMethod root, int? offset, StackFrame callee)
    {
        // A dump's tier-1 frame has no statement (IlPosition): every call of the method is a candidate, and the
        // shortest-path rule below still refuses two different paths.
        var next = offset is null ? null : root.SequencePoints.FirstOrDefault(p => p.IlOffset > offset)?.IlOffset;
        var calls = InlinedLeafFrames.Callable(root).Where(c => offset is null || (c.IlOffset >= offset && (next is null || c.IlOffset < next))).ToList();
        if (next is null && offset is not null)
        {
            calls = [.. calls.Take(MaxCallsWithoutPdb)];
        }
        var target = callee.MethodToken is { } token ? index.Method(callee.Module, token) : null;
        var landings = calls.Select(c => (Call: c, Lands: Lands(c, callee, target))).Where(c => c.Lands is not null).ToList();
        if (landings.Any(c => c.Lands == true))
        {
            return null; // called directly: nothing was inlined between the two
        }
        if (landings.Count > 0)
        {
            // The statement enters the callee's assembly at its public entry (a health check's IRedis.Ping), which
            // tier-1 code inlined: that entry alone was lost.
            return ([], landings[0].Call);
        }
        // Shortest paths first: a virtual call fans out to every override the read assemblies hold, and a long path
        // through another override can reach the callee too (DbCommand.ExecuteScalarAsync's ExecuteScalar reaches
        // MySqlCommand.ExecuteReader through the framework's own DbCommandWrapper in six calls, and through
        // MySqlCommand.ExecuteScalar, what ran, in one). Two different paths of the same length: no guess.
        for (var limit = 2; limit <= MaxDepth + 1; limit++)
        {
            var found = new List<(IReadOnlyList<IlMethod> Methods, IlCall? Entry)>();
            foreach (var call in calls)
            {
                var budget = new Budget { Calls = CallsPerStatementCall };
                Reach(call, [root], 1, limit, callee, target, budget, found);
            }
            if (found.Count > 0)
            {
                return found.Count == 1 ? found[0] : null;
            }
        }
        return null;
    }

    private void Reach(
        IlCall call, List<IlMethod> through, int depth, int limit, StackFrame callee, IlMethod? target, Budget budget,
        List<(IReadOnlyList<IlMethod> Methods, IlCall? Entry)> found)
    {
        if (found.Count > 1)
        {
            return; // ambiguous already
        }
        if (Lands(call, callee, target) is { } onCallee)
        {
            if (through.Count > 1 && depth == limit)
            {
                (IReadOnlyList<IlMethod> Methods, IlCall? Entry) path = (through[1..], onCallee ? null : call);
                if (!found.Any(f => Same(f, path)))
                {
                    found.Add(path);
                }
            }
            return;
        }
        if (depth >= limit || --budget.Calls < 0)
        {
            return;
        }
        foreach (var method in index.Targets(call).Where(m => !through.Contains(m)))
        {
            foreach (var inner in InlinedLeafFrames.Callable(method))
            {
                Reach(inner, [.. through, method], depth + 1, limit, callee, target, budget, found);
            }
        }
    }

    private static bool Same((IReadOnlyList<IlMethod> Methods, IlCall? Entry) a, (IReadOnlyList<IlMethod> Methods, IlCall? Entry) b) =>
        a.Methods.Count == b.Methods.Count && a.Methods.Zip(b.Methods).All(p => ReferenceEquals(p.First, p.Second))
        && (a.Entry is null ? b.Entry is null : b.Entry is not null && a.Entry.TargetTypeFullName == b.Entry.TargetTypeFullName && a.Entry.TargetMethod == b.Entry.TargetMethod);

    private sealed class Budget
    {
        public int Calls { get; set; }
    }

    /// <summary>True: the call runs the callee's own method; false: it enters the callee's assembly elsewhere (its
    /// public entry, which then calls the callee); null: neither.</summary>
    private bool? Lands(IlCall call, StackFrame callee, IlMethod? target)
    {
        if (target is not null && index.Targets(call).Contains(target))
        {
            return true;
        }
        var enters = index.ModuleOf(call.TargetTypeFullName) is { } module && module.Equals(callee.Module, StringComparison.OrdinalIgnoreCase);
        // Entering the callee's assembly is not enough when the callee is known: the call must lead to it there
        // (a rate limiter's GetDatabase enters the Redis client too, but its ScriptEvaluate is what runs ExecuteSync).
        return enters && (target is null || Leads(call, target)) ? false : null;
    }

    private bool Leads(IlCall call, IlMethod target)
    {
        if (!_reachers.TryGetValue(target, out var reachers))
        {
            _reachers[target] = reachers = Reachers(target);
        }
        return index.Targets(call).Any(reachers.Contains);
    }

    private const int InsideDepth = 3;

    /// <summary>The methods of the target's assembly that reach it within a few calls there (the target included):
    /// built once per callee from the calls its assembly makes, backwards.</summary>
    private HashSet<IlMethod> Reachers(IlMethod target)
    {
        var callers = new Dictionary<IlMethod, List<IlMethod>>(ReferenceEqualityComparer.Instance);
        foreach (var method in index.MethodsOf(target.Module))
        {
            foreach (var callee in InlinedLeafFrames.Callable(method).SelectMany(index.Targets).Where(c => c.Module == target.Module))
            {
                if (!callers.TryGetValue(callee, out var list))
                {
                    callers[callee] = list = [];
                }
                list.Add(method);
            }
        }
        var reached = new HashSet<IlMethod>(ReferenceEqualityComparer.Instance) { target };
        var frontier = new List<IlMethod> { target };
        for (var depth = 0; depth < InsideDepth && frontier.Count > 0; depth++)
        {
            frontier = [.. frontier.SelectMany(m => callers.GetValueOrDefault(m) ?? []).Where(reached.Add)];
        }
        return reached;
    }
}
