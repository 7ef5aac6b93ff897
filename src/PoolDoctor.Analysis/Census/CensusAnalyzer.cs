using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Census;

/// <summary>
/// Turns the waits a census recorded into findings: each wait on a pool thread that runs a work item is read with the
/// culprit machinery `diagnose` uses (call site, kind, API, entry, package boundary), and waits are grouped by finding
/// id (method + API + entry). Waits off the pool (a dedicated or LongRunning thread) and waits with no user frame on
/// the stack (the framework's own) are not findings; the latter are counted in a note.
/// </summary>
public static class CensusAnalyzer
{
    public static CensusResult Analyze(IReadOnlyList<CensusCapture> captures, CulpritOptions? options = null)
    {
        options ??= CulpritOptions.Default;
        var groups = new Dictionary<string, FindingBuilder>(StringComparer.Ordinal);
        var processes = new List<CensusProcess>();
        var frameworkOnly = 0;
        var unnamed = 0;
        foreach (var capture in captures)
        {
            var snapshot = InlinedLeafFrames.Restore(capture.Snapshot);
            var catalog = new FrameCatalog(new UserCode(options.UserCodePrefixes, snapshot.Modules), snapshot.DeclaredApis);
            var il = new CallSiteResolver(snapshot.CallGraph);
            var readings = snapshot.Waits.Select(w => (Wait: w, Reading: catalog.Read(w.Frames))).ToList();
            var pool = readings.Where(r => r.Wait.Frames.Count > 0 && r.Reading.IsPoolThread && !r.Reading.IsIdle).ToList();
            // A stack whose root frames have no name cannot say whether the thread was a pool thread.
            unnamed += readings.Count(r => !r.Reading.IsPoolThread && r.Wait.Frames.Count > 0 && r.Wait.Frames[^1].Module == "?");
            var requests = LearnedRequests.Learn(pool.Select(p => (p.Reading, p.Wait.Request, 1L)), il);
            foreach (var (wait, reading) in pool)
            {
                if (wait.Frames[0].Module == "?")
                {
                    // The API it blocked in has no name (no rundown named it before the process ended): not guessed.
                    unnamed++;
                    continue;
                }
                // Generated request code (a minimal API's delegate) may hold the user's handler, inlined by the JIT: the
                // request's endpoint names it.
                if (!reading.Frames.Any(f => (f.IsUser && !TestPlatform.Owns(f.Name.TypeFullName)) || f.IsGenerated))
                {
                    frameworkOnly++;
                    continue;
                }
                if (BlockingSiteFinder.Find(reading, requests.For(reading) ?? requests.Complete(wait.Request), FallbackFor(wait.Source), il) is not { } site)
                {
                    continue;
                }
                if (site.Site.Note is null or { Kind: CallSiteNoteKind.LibraryOnly } && !reading.Frames.Any(f => f.IsUser && !TestPlatform.Owns(f.Name.TypeFullName)))
                {
                    // No frame of the user's and none recovered (an inlined handler): the framework's (or a package's) own wait.
                    // A library site says so itself, whatever generated code sits below it (xunit disposing a
                    // WebApplicationFactory through a compiled delegate: the console logger's drain was listed once).
                    frameworkOnly++;
                    continue;
                }
                site = site with { Entry = EntryPaths.Template(site.Entry) };
                var id = FindingIds.Of(site.Method, site.Api, site.Entry?.Name);
                if (!groups.TryGetValue(id, out var group))
                {
                    group = new FindingBuilder(id, site, reading);
                    groups[id] = group;
                }
                group.Add(capture, wait);
            }
            processes.Add(new CensusProcess(capture.ProcessId, capture.ProcessName, snapshot.Waits.Count, pool.Count));
        }
        var findings = groups.Values.Select(g => g.Build())
            .OrderByDescending(f => f.TotalBlockedMs).ThenBy(f => f.Method, StringComparer.Ordinal).ThenBy(f => f.Id, StringComparer.Ordinal)
            .ToList();
        var notes = captures.SelectMany(c => c.Snapshot.Missing.Select(m => $"{c.ProcessName} ({c.ProcessId}): {m}")).Distinct().ToList();
        return new CensusResult(findings, processes) { Notes = notes, FrameworkOnlyWaits = frameworkOnly, UnnamedWaits = unnamed };
    }

    // Each event source's default API when no blocking frame on the stack names one (as CulpritAnalyzer does).
    private static BlockingApi FallbackFor(WaitSource source) => source switch
    {
        WaitSource.Contention => new BlockingApi(BlockingKind.Lock, "Monitor.Enter"),
        WaitSource.TaskWait => new BlockingApi(BlockingKind.SyncOverAsync, "Task.Wait"),
        _ => new BlockingApi(BlockingKind.SyncWait, "WaitHandle.WaitOne"),
    };

    /// <summary>One finding's waits as they come; a wait that starts inside another wait of the same thread (a
    /// SemaphoreSlim's monitor wait under its contention) is the same blocking and counts once.</summary>
    private sealed class FindingBuilder(string id, BlockingSite site, StackReading example)
    {
        private readonly List<(int Process, int Thread, double StartSeconds, double DurationMs)> _waits = [];
        private readonly SortedSet<string> _processes = new(StringComparer.Ordinal);

        public void Add(CensusCapture capture, WaitSpan wait)
        {
            _waits.Add((capture.ProcessId, wait.ThreadId, capture.OffsetSeconds + wait.StartMs / 1000, wait.DurationMs));
            _processes.Add(capture.ProcessName);
        }

        public CensusFinding Build()
        {
            var kept = new List<(double StartSeconds, double DurationMs)>();
            foreach (var thread in _waits.GroupBy(w => (w.Process, w.Thread)))
            {
                var end = double.MinValue;
                foreach (var w in thread.OrderBy(w => w.StartSeconds).ThenByDescending(w => w.DurationMs))
                {
                    if (w.StartSeconds < end)
                    {
                        continue;
                    }
                    kept.Add((w.StartSeconds, w.DurationMs));
                    end = w.StartSeconds + w.DurationMs / 1000;
                }
            }
            return new CensusFinding(id, site.Method, site.Kind, site.Api)
            {
                Entry = site.Entry,
                Site = site.Site,
                Package = site.Package,
                PackageMethod = site.PackageMethod,
                UserFrame = site.UserFrame,
                Processes = [.. _processes],
                Count = kept.Count,
                TotalBlockedMs = Math.Round(kept.Sum(w => w.DurationMs), 3),
                MaxBlockedMs = Math.Round(kept.Max(w => w.DurationMs), 3),
                FirstSeenSeconds = Math.Round(kept.Min(w => w.StartSeconds), 3),
                ExampleStack = [.. example.Frames.Select(Describe)],
            };
        }

        private static string Describe(ReadFrame f) =>
            f.Source is { } s ? $"{f.Module}!{f.Cleaned} ({Path.GetFileName(s.File)}:{s.Line})" : $"{f.Module}!{f.Cleaned}";
    }
}
