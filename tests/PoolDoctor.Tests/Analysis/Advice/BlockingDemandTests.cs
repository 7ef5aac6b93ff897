using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>The MinThreads stop-gap is sized from the demand (Little's law, the load's concurrency), not one capture's peak.</summary>
public sealed class BlockingDemandTests
{
    [Theory]
    [InlineData(1000, 100, null, 100)] // 1,000 blocked requests/s × 100 ms each = 100 threads blocked at once
    [InlineData(250, 500, null, 125)]
    [InlineData(10, 1, null, 1)] // 0.01 rounds up: one thread is blocked part of the time
    [InlineData(1000, 500, 125, 125)] // a closed loop of 125 connections never has more than 125 in flight
    [InlineData(50, 100, 125, 5)]
    public void Littles_law_bounded_by_the_loads_concurrency(double arrivals, double blockingMs, int? concurrency, int expected) =>
        Assert.Equal(expected, BlockingDemand.Threads(arrivals, blockingMs, concurrency));

    [Fact]
    public void Wait_events_give_arrival_rate_and_mean_blocking_time()
    {
        // 400 waits in a 2 s window, 40,000 ms blocked in all: λ = 200/s, W = 100 ms, L = 20.
        var culprit = new Culprit("Shop.Repository.Load", BlockingKind.SyncOverAsync, "Task.Result", 7, 0.8, [], WaitMs: 40_000) { WaitCount = 400 };
        var demand = BlockingDemand.Estimate([culprit], 2, null)!;
        Assert.Equal(20, demand.Threads);
        Assert.Equal(200, demand.ArrivalsPerSecond!.Value, 6);
        Assert.Equal(100, demand.BlockingMs!.Value, 6);
        Assert.Contains("Little's law", demand.SizedFrom);
        Assert.Contains("lower bound", demand.SizedFrom);
    }

    [Fact]
    public void Nothing_measured_gives_no_demand() =>
        Assert.Null(BlockingDemand.Estimate([new Culprit("A.B", BlockingKind.Sleep, "Thread.Sleep", 3, 0.5, [])], 1, null));

    [Fact]
    public void Stop_gap_for_a_known_load_is_sized_from_its_concurrency_not_the_captures_peak()
    {
        // As issue 20 saw: 11 pool threads blocked in a 1 s capture under 125 blocking connections.
        var culprit = new Culprit("Shop.Api.Get", BlockingKind.SyncOverAsync, "Task.Wait", 11, 0.9, []);
        var fromPeak = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).StopGap!;
        var fromDemand = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2, captureWindowSeconds: 1, loadConcurrency: 125).StopGap!;

        Assert.Equal(11, fromPeak.PeakBlockedThreads);
        Assert.Null(fromPeak.Demand);
        Assert.Contains("no demand measured", fromPeak.BlockedSource);
        Assert.Equal(125, fromDemand.PeakBlockedThreads);
        Assert.Equal(125 + 2 + 32, fromDemand.Value);
        Assert.Equal(125, fromDemand.Demand!.Concurrency);
        Assert.Contains("125 connections", fromDemand.BlockedSource);
        Assert.Contains("Little's law", fromDemand.Formula);
    }

    [Fact]
    public void Stop_gap_without_a_load_uses_the_wait_events()
    {
        var culprit = new Culprit("Shop.Api.Get", BlockingKind.SyncOverAsync, "Task.Wait", 11, 0.9, [], WaitMs: 30_000) { WaitCount = 120 };
        var gap = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2, captureWindowSeconds: 1).StopGap!;
        // λ = 120/s, W = 250 ms: 30 threads, more than the 11 the capture saw.
        Assert.Equal(30, gap.PeakBlockedThreads);
        Assert.Equal(30 + 2 + 8, gap.Value);
        Assert.StartsWith("demand: ", gap.BlockedSource);
    }

    [Fact]
    public void Wait_events_read_below_the_threads_seen_blocked_never_size_it_lower()
    {
        // As in the RedisRateLimiting 1.0.11 run: one wait of 261 ms in a 1 s window (λW = 0.3) while 5 threads sat blocked.
        var culprit = new Culprit("RedisSlidingWindowManager.TryAcquireLease", BlockingKind.SyncIO, "IDatabase.ScriptEvaluate", 5, 1.0, [], WaitMs: 261) { WaitCount = 1 };
        var gap = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2, captureWindowSeconds: 1).StopGap!;
        Assert.Equal(5, gap.PeakBlockedThreads);
        Assert.Contains("fewer than the 5 seen blocked at once", gap.BlockedSource);
    }
}
