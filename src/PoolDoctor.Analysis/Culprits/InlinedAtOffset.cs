using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Reads what the JIT inlined into a sampled frame. The JIT's IL-to-native map tags the code of an inlined method with
/// the IL offset of the statement of the root method that called it (the frame's <see cref="IlPosition"/>), so the
/// blocking API seen above a user frame was called either by that statement itself or by a user method the statement
/// calls, inlined with everything it called down to the API. The app's IL says which: the statement's calls, then the
/// user methods reachable from them that call the API. Nothing is guessed: no IL, no statement, no such method → null.
/// </summary>
internal static class InlinedAtOffset
{
    public static InlinedAt? Read(CallGraph graph, CallGraphIndex index, IlPosition at, BlockingApi api)
    {
        if (index.Method(at.Module, at.Token) is not { } root)
        {
            return null;
        }
        var (from, to) = at.IlOffset is { } offset ? Statement(root, offset) : (0, int.MaxValue);
        bool InStatement(IlCall call) => call.IlOffset >= from && call.IlOffset < to;

        if (InlinedCallSiteRecovery.Candidate(root, api, InStatement) is { } direct)
        {
            var site = new InlinedCallSite(
                FrameNameParser.Parse(index.RuntimeName(root)), root, direct.Api, direct.Match, [],
                [.. direct.Calls.Select(c => InlinedCallSiteRecovery.Locate(root, c))]);
            return new InlinedAt(root, at.IlOffset, []) { Direct = site };
        }

        var awaited = AwaitedCalls.Of(root);
        var sites = new List<InlinedCallSite>();
        foreach (var call in root.Calls.Where(InStatement).OrderBy(c => c.IlOffset))
        {
            if (call.Kind is IlCallKind.LoadFunction or IlCallKind.LoadVirtualFunction || awaited.Contains(call))
            {
                continue; // a delegate made here runs elsewhere; an awaited call does not block this frame
            }
            var callees = index.Targets(call).Where(m => !ReferenceEquals(m, root)).ToArray();
            if (callees.Length == 0)
            {
                continue;
            }
            sites.AddRange(InlinedCallSiteRecovery.Find(graph, index, api, callees));
            if (sites.Count > 0 && root.SequencePoints.Count == 0 && at.IlOffset is not null)
            {
                break; // without a PDB the statement's end is unknown: the first call after its start that reaches the API
            }
        }
        var found = sites
            .DistinctBy(s => (s.Body.Module, s.Body.Token))
            .OrderBy(s => s.Match)
            .ThenBy(s => s.Chain.Count)
            .ToArray();
        // With the statement unknown, two different methods that call the API are two guesses: none is named.
        return new InlinedAt(root, at.IlOffset, at.IlOffset is null && found.Length > 1 ? [] : found);
    }

    // The statement starting at the frame's offset ends where the PDB's next sequence point starts, or with the method;
    // without a PDB its end is unknown (the caller then takes the first call that reaches the API).
    private static (int From, int To) Statement(IlMethod root, int offset)
    {
        var next = root.SequencePoints.FirstOrDefault(p => p.IlOffset > offset);
        return (offset, next?.IlOffset ?? int.MaxValue);
    }
}
