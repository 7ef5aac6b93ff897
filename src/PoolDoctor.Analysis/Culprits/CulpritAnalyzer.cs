using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Names the code that blocks thread-pool threads. Every sampled pool-thread stack that is blocked gives a
/// (call site, kind, API) site; sites are merged by (method, kind) and ranked by their share of all pool-thread
/// samples. Wait spans from runtime events add blocked milliseconds to the same list and surface blocking the
/// sampler missed. Idle pool threads (waiting for work) count in the denominator but are never culprits.
/// This is the one entry point from a capture to what every verb prints: culprits, groups and per-thread readings.
/// A capture without samples but with wait events is read through its waits (<see cref="WaitStacks"/>).
/// </summary>
public static class CulpritAnalyzer
{
    public static CulpritAnalysis Analyze(StackSnapshot snapshot, CulpritOptions? options = null)
    {
        options ??= CulpritOptions.Default;
        // A package frame at a stack's top with its wait compiled into it reads as the cold stack did.
        snapshot = InlinedLeafFrames.Restore(snapshot);
        // A framework frame under a wait whose IL does not make the call: the override inlined into it, or unresolved.
        (snapshot, var unresolved) = DevirtualizedFrames.Restore(snapshot);
        var fromWaits = WaitStacks.OnlyWaits(snapshot);
        if (fromWaits)
        {
            snapshot = WaitStacks.AsSamples(snapshot);
        }
        var catalog = new FrameCatalog(new UserCode(options.UserCodePrefixes, snapshot.Modules), snapshot.DeclaredApis);
        var stacks = snapshot.Stacks.Select(s => (Stack: s, Reading: catalog.Read(s.Frames))).ToList();

        var pool = stacks.Where(s => s.Reading.IsPoolThread).ToList();
        long poolSamples = pool.Sum(s => (long)s.Stack.Samples);
        var poolThreads = pool.Select(s => s.Stack.ThreadId).Distinct().Count();
        long idleSamples = pool.Where(s => s.Reading.IsIdle).Sum(s => (long)s.Stack.Samples);
        var idleThreads = pool.GroupBy(s => s.Stack.ThreadId).Count(t => t.All(s => s.Reading.IsIdle));
        var il = new CallSiteResolver(snapshot.CallGraph);
        var requests = LearnedRequests.Learn(pool.Select(p => (p.Reading, RequestJoin.Own(p.Stack.Request, p.Reading), (long)p.Stack.Samples)), il);

        var culprits = new Dictionary<(string Method, BlockingKind Kind), CulpritAccumulator>();
        foreach (var (stack, reading) in pool)
        {
            var own = RequestJoin.Own(stack.Request, reading);
            if (reading.IsIdle || BlockingSiteFinder.Find(reading, requests.For(reading) ?? requests.Complete(own), il: il) is not { } site)
            {
                continue;
            }
            site = unresolved.Contains(stack.Frames) ? DevirtualizedFrames.Unresolved(site) : site;
            var culprit = Get(culprits, site);
            culprit.CountApi(site.Api, stack.Samples);
            culprit.Samples += stack.Samples;
            culprit.CountThread(stack, CulpritHoldReader.ServesRequest(own, stack.Frames));
            culprit.EntersLockItself |= site.Kind == BlockingKind.Lock && site.CallsApiDirectly;
            culprit.Offer(site, reading, stack.Samples);
        }

        var unattributed = AddWaits(snapshot.Waits, catalog, requests, il, culprits, unresolved);
        LockHolders.Merge(culprits);

        var threadSamples = pool.GroupBy(p => p.Stack.ThreadId).ToDictionary(g => g.Key, g => g.Sum(p => (long)p.Stack.Samples));
        var ranked = CulpritRanking.Order(culprits.Values
            .Select(c => c.ToCulprit(poolSamples, CulpritHoldReader.Of(c.Spans, c.ThreadSamples, threadSamples, c.ServesRequests, c.Threads.Count, snapshot.WindowSeconds)))
            .Select(c => c with
            {
                Excerpt = SourceExcerptReader.Around(snapshot.CallGraph.Sources, c.Site.File, c.Site.Line),
                SourceChecksums = CulpritChecksums.Of(snapshot.CallGraph.Checksums, c),
            }));
        var blockedThreads = culprits.Values.Where(c => c.Samples > 0).SelectMany(c => c.Threads).Distinct().Count();
        var groups = StackGrouper.Group(stacks, options.IncludeAllThreads);
        return new CulpritAnalysis(ranked, groups, poolThreads, idleThreads, blockedThreads, poolSamples, idleSamples, unattributed)
        {
            Threads = [.. stacks.Select(s => new ThreadReading(s.Stack, s.Reading))],
            FromWaits = fromWaits,
        };
    }

    /// <summary>
    /// A wait nests inside another (a task wait over a ManualResetEventSlim over a monitor wait), and each level
    /// may report its own event; per culprit and per event source the blocked time is summed, and the culprit's
    /// WaitMs is the largest of those sums so nested reports of one wait are not added together.
    /// </summary>
    private static double AddWaits(
        IReadOnlyList<WaitSpan> waits,
        FrameCatalog catalog,
        LearnedRequests requests,
        CallSiteResolver il,
        Dictionary<(string Method, BlockingKind Kind), CulpritAccumulator> culprits,
        IReadOnlySet<IReadOnlyList<StackFrame>> unresolved)
    {
        double unattributed = 0;
        foreach (var wait in waits)
        {
            var reading = catalog.Read(wait.Frames);
            if (wait.Frames.Count == 0)
            {
                unattributed += wait.DurationMs;
                continue;
            }
            if (!reading.IsPoolThread || reading.IsIdle)
            {
                continue;
            }
            if (BlockingSiteFinder.Find(reading, requests.For(reading) ?? requests.Complete(RequestJoin.Own(wait.Request, reading)), FallbackFor(wait.Source), il) is not { } site)
            {
                unattributed += wait.DurationMs;
                continue;
            }
            site = unresolved.Contains(wait.Frames) ? DevirtualizedFrames.Unresolved(site) : site;
            var culprit = Get(culprits, site);
            culprit.CountApi(site.Api, wait.DurationMs / 1e9); // wait evidence names the API only where sampling did not
            culprit.WaitMsBySource[wait.Source] = culprit.WaitMsBySource.GetValueOrDefault(wait.Source) + wait.DurationMs;
            culprit.WaitCountBySource[wait.Source] = culprit.WaitCountBySource.GetValueOrDefault(wait.Source) + 1;
            culprit.Threads.Add(wait.ThreadId);
            if (culprit.Samples == 0)
            {
                culprit.Offer(site, reading, 0);
            }
        }
        return unattributed;
    }

    private static BlockingApi FallbackFor(WaitSource source) => source switch
    {
        WaitSource.Contention => new BlockingApi(BlockingKind.Lock, "Monitor.Enter"),
        WaitSource.TaskWait => new BlockingApi(BlockingKind.SyncOverAsync, "Task.Wait"),
        _ => new BlockingApi(BlockingKind.SyncWait, "WaitHandle.WaitOne"),
    };

    private static CulpritAccumulator Get(Dictionary<(string Method, BlockingKind Kind), CulpritAccumulator> culprits, BlockingSite site)
    {
        var key = (site.Method, site.Kind);
        if (!culprits.TryGetValue(key, out var culprit))
        {
            culprit = new CulpritAccumulator(site.Method, site.Kind);
            culprits[key] = culprit;
        }
        return culprit;
    }
}
