using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// How a culprit held its threads over the window (issue 34, item 2): a constant blocker (the same thread from the first
/// sample to the last, serving no request) is marked permanent and ranked below the culprit the load's requests reach,
/// whatever one window's share says; a culprit that takes the threads the pool adds is growing.
/// </summary>
public sealed class CulpritHoldTests
{
    private const string ThreadSleep = "System.Threading.Thread.Sleep(int32)";
    private const string Poll = "Shop.Sync.PriceSync.Poll()";
    private const string Kestrel = "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol.ProcessRequests()";

    private static readonly string[] SemaphoreWait =
    [
        "System.Threading.Monitor.Wait(class System.Object,int32)",
        "System.Threading.SemaphoreSlim.WaitUntilCountOrTimeout(int32,unsigned int32,value class System.Threading.CancellationToken)",
        "System.Threading.SemaphoreSlim.Wait(int32,value class System.Threading.CancellationToken)",
        "Shop.Filters.Throttle.OnActionExecutionAsync()",
    ];

    // The polling loop's thread, sampled at its Thread.Sleep over the whole window.
    private static ThreadStack Loop(int thread, int samples, double first = 0.0, double last = 1.0) =>
        Pool(thread, samples, ThreadSleep, Poll) with { Seen = new SampleSpan(first, last) };

    // A request's thread blocked in the filter's semaphore from `first` on.
    private static ThreadStack Filter(int thread, int samples, double first, double last = 1.0) =>
        Pool(thread, samples, [.. SemaphoreWait, Kestrel]) with { Seen = new SampleSpan(first, last) };

    [Fact]
    public void A_loop_holding_its_thread_all_window_ranks_below_the_filter_the_requests_reach_though_its_share_is_larger()
    {
        // The capture: 3 pool threads, the loop 1 (33 %), the filter 1 from the start and 1 more that came.
        var culprits = CulpritAnalyzer.Analyze(Snapshot(
        [
            Loop(1, 1000),
            Filter(2, 800, first: 0.02),
            Filter(3, 300, first: 0.7),
        ])).Culprits;

        Assert.Equal(["Throttle.OnActionExecutionAsync", "PriceSync.Poll"], culprits.Select(c => c.Method));
        Assert.True(culprits[1].Share > culprits[0].Share / 2);
        Assert.Equal(new CulpritHold(1, 1, 0, false, 1.0, HoldPattern.Permanent), culprits[1].Hold);
        Assert.Equal(new CulpritHold(1, 2, 1, true, 1.0, HoldPattern.Growing), culprits[0].Hold);
    }

    [Fact]
    public void Without_a_permanent_blocker_the_share_still_ranks()
    {
        // The loop's thread came during the window: not a constant blocker, so its larger share ranks it first.
        var culprits = CulpritAnalyzer.Analyze(Snapshot(
        [
            Loop(1, 900, first: 0.3),
            Filter(2, 400, first: 0.02),
        ])).Culprits;

        Assert.Equal("PriceSync.Poll", culprits[0].Method);
        Assert.Equal(HoldPattern.Growing, culprits[0].Hold!.Pattern);
        Assert.Equal(HoldPattern.Steady, culprits[1].Hold!.Pattern);
    }

    [Fact]
    public void A_request_blocked_all_window_is_not_permanent()
    {
        var filter = CulpritAnalyzer.Analyze(Snapshot([Filter(2, 1000, first: 0.0)])).Culprits.Single();

        Assert.Equal(new CulpritHold(1, 1, 0, true, 1.0, HoldPattern.Steady), filter.Hold);
    }

    [Theory]
    [InlineData("GET /orders/{id}", true)]
    [InlineData("/orders/{id}", true)]
    [InlineData("hub InventoryHub.GetStock", true)]
    [InlineData("PriceSyncService.Poll", false)]
    [InlineData("timer callback Cache.Refresh", false)]
    [InlineData(null, false)]
    public void A_route_or_hub_entry_read_back_serves_a_request(string? entry, bool serves)
    {
        var read = EntryText.Parse(entry);

        Assert.Equal(serves, read?.IsRequest == true);
        Assert.Equal(entry, EntryText.Of(read));
    }

    [Fact]
    public void A_thread_that_also_ran_other_work_was_not_held_permanently()
    {
        // Half its samples elsewhere (running work items between its waits): the same thread, but not held throughout.
        var other = Pool(1, 1000, "Shop.Pricing.Recalculate()") with { Seen = new SampleSpan(0.1, 0.9) };
        var loop = CulpritAnalyzer.Analyze(Snapshot([Loop(1, 1000), other])).Culprits.Single();

        Assert.Equal(HoldPattern.Steady, loop.Hold!.Pattern);
    }

    [Fact]
    public void A_thread_that_left_before_the_windows_end_was_not_held_permanently()
    {
        var loop = CulpritAnalyzer.Analyze(Snapshot([Loop(1, 500, first: 0.0, last: 0.5)])).Culprits.Single();

        Assert.Equal(new CulpritHold(1, 0, 0, false, 1.0, HoldPattern.Steady), loop.Hold);
    }

    [Fact]
    public void Untimed_samples_give_no_hold_and_keep_the_shares_order()
    {
        // A dump or a hand-built snapshot: no sample times, so nothing to tell a constant blocker by.
        var culprits = CulpritAnalyzer.Analyze(Snapshot(
        [
            Pool(1, 1000, ThreadSleep, Poll),
            Pool(2, 800, [.. SemaphoreWait, Kestrel]),
        ])).Culprits;

        Assert.Equal("PriceSync.Poll", culprits[0].Method);
        Assert.All(culprits, c => Assert.Null(c.Hold));
    }
}
