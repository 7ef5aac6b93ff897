using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// An action filter beside a background blocker, recorded (tests/apps/FilterShop, 125 connections, the capture taken as
/// the load arrived): the filter's <c>SemaphoreSlim.Wait</c> takes the threads the pool adds, while the hosted service's
/// polling loop holds the one thread it took at start-up. The filter is named first and the loop is marked permanent
/// (issue 34, item 2), also where one window's share would put the loop first.
/// </summary>
public sealed class FilterLoopFixtureTests
{
    private static readonly Lazy<StackSnapshot> Recorded = new(() => PackageFixtures.Read(PackageFixtures.FilterLoop));

    private const string Filter = "BackendThrottleFilter.OnActionExecutionAsync";
    private const string Loop = "PriceSyncService.Poll";

    [Fact]
    public void The_filter_is_named_first_and_the_loop_is_marked_permanent()
    {
        var culprits = CulpritAnalyzer.Analyze(Recorded.Value).Culprits;

        Assert.Equal(Filter, culprits[0].Method);
        Assert.Equal(BlockingKind.SyncWait, culprits[0].Kind);
        Assert.Equal("GET /orders/{id:int}", EntryText.Of(culprits[0].Entry));
        Assert.True(culprits[0].Hold!.ServesRequests);
        Assert.NotEqual(HoldPattern.Permanent, culprits[0].Hold!.Pattern);

        var loop = Assert.Single(culprits, c => c.Method == Loop);
        Assert.Equal((BlockingKind.Sleep, 1), (loop.Kind, loop.Threads));
        // The loop's type is a hosted service in the app's IL: that is its entry, as data.
        Assert.Equal(new WorkEntry(EntryKind.HostedService, Loop), loop.Entry);
        Assert.Equal(EntryKind.Request, culprits[0].Entry!.Kind);
        Assert.Equal(new CulpritHold(1, 1, 0, false, loop.Hold!.WindowSeconds, HoldPattern.Permanent), loop.Hold);
        Assert.StartsWith("holds 1 pool thread permanently", CulpritHoldText.Of(loop), StringComparison.Ordinal);
        Assert.Null(CulpritHoldText.Of(culprits[0]));
    }

    [Fact]
    public void With_the_filter_on_one_thread_the_loops_larger_share_still_ranks_below_it()
    {
        // The issue's moment: the filter held 1 thread, the loop 1, and the loop's share was the larger. The recorded
        // capture keeps the filter's first thread only, so the share alone would name the loop.
        var recorded = Recorded.Value;
        var filterStacks = recorded.Stacks
            .Where(s => s.Frames.Any(f => f.Method.Contains("BackendThrottleFilter", StringComparison.Ordinal)))
            .ToList();
        var first = filterStacks.MinBy(s => s.Seen!.FirstSeconds)!.ThreadId;
        var others = filterStacks.Select(s => s.ThreadId).Where(t => t != first).ToHashSet();
        var oneFilterThread = recorded with
        {
            Stacks = [.. recorded.Stacks.Where(s => !others.Contains(s.ThreadId))],
            Waits = [.. recorded.Waits.Where(w => !others.Contains(w.ThreadId))],
        };

        var culprits = CulpritAnalyzer.Analyze(oneFilterThread).Culprits;

        var loop = Assert.Single(culprits, c => c.Method == Loop);
        var filter = Assert.Single(culprits, c => c.Method == Filter);
        Assert.True(filter.Threads == 1, $"{filter.Threads} filter threads: {string.Join(", ", others)} left out, {first} kept; {filter.Hold}");
        Assert.True(loop.Share > filter.Share, $"loop {loop.Share:P1}, filter {filter.Share:P1}");
        Assert.Equal(Filter, culprits[0].Method);
        Assert.Equal(HoldPattern.Permanent, loop.Hold!.Pattern);
    }

    [Fact]
    public void The_sample_times_say_the_filter_grew_during_the_window()
    {
        var filter = CulpritAnalyzer.Analyze(Recorded.Value).Culprits[0];

        Assert.True(filter.Threads > 1);
        Assert.True(filter.Hold!.ThreadsJoined > 0 || filter.Hold.ThreadsAtEnd > filter.Hold.ThreadsAtStart,
            $"{filter.Hold}");
    }
}
