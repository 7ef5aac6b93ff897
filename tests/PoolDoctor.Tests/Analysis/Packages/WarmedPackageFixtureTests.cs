using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// fixtures/packages' warmed captures (35 s at 4 connections first, so the hot code is tier-1): the Redis client's
/// helper and wait are compiled into its top frame, `RedisBase.ExecuteSync`, and no blocking frame is on the stack —
/// the shape the HealthChecks.Redis 2.2.3 trial showed warmed, where nothing was named.
/// </summary>
public sealed class WarmedPackageFixtureTests
{
    [Fact]
    public void A_package_frame_with_its_wait_compiled_into_it_gets_the_wait_back_from_its_IL()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisWindowWarmed);
        var topOfStack = snapshot.Stacks.Where(s => s.Frames.Count > 0 && s.Frames[0].Method == "StackExchange.Redis.RedisBase.ExecuteSync").ToList();
        Assert.NotEmpty(topOfStack);
        Assert.All(topOfStack, s => Assert.DoesNotContain(s.Frames, f => f.Method.Contains("Monitor", StringComparison.Ordinal)));
        // The referenced package's frames are not on the warmed stack: the framework's limiter calls the client.
        Assert.All(topOfStack, s => Assert.StartsWith("System.Threading.RateLimiting.DefaultPartitionedRateLimiter", s.Frames[1].Method, StringComparison.Ordinal));

        var restored = InlinedLeafFrames.Restore(snapshot);
        var stack = restored.Stacks[snapshot.Stacks.ToList().IndexOf(topOfStack[0])];
        // The call at the frame's sampled offset is the client's sync-execute, a blocking API of the table.
        Assert.Equal(new StackFrame("StackExchange.Redis", "StackExchange.Redis.ConnectionMultiplexer.ExecuteSyncImpl"), stack.Frames[0]);
        Assert.Same(topOfStack[0].Frames[0], stack.Frames[1]);
        // The framework frame's IL at its offset, followed through the limiter's override into the package, gives
        // back what tier-1 code inlined into it, down to the call that enters the client.
        Assert.Equal(
            [
                "StackExchange.Redis.IDatabase.ScriptEvaluate",
                "ShopKit.RedisWindow.RedisWindowManager.TryAcquireLease",
                "ShopKit.RedisWindow.RedisWindowRateLimiter.AttemptAcquireCore",
                "System.Threading.RateLimiting.RateLimiter.AttemptAcquire",
            ],
            stack.Frames.Skip(2).Take(4).Select(f => f.Method));
        Assert.Same(topOfStack[0].Frames[1], stack.Frames[6]);
        Assert.Equal(topOfStack[0].Frames.Count + 5, stack.Frames.Count);

        // Named as the cold capture names it (PackageFixtureTests), where before only the client's frame was.
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];
        Assert.Equal("RedisWindowManager.TryAcquireLease", top.Method);
        Assert.Equal(BlockingKind.SyncIO, top.Kind);
        Assert.Equal(new PackageRef("ShopKit.RedisWindow", "1.0.0", true), top.Package);
        Assert.Equal("IDatabase.ScriptEvaluate", top.Api);
        Assert.Equal("ScriptEvaluateAsync", top.ApiTwin?.Twin);
        Assert.Equal("TryAcquireLeaseAsync", top.PackageTwin?.Twin);
        Assert.Equal(["RedisWindowRateLimiter.AttemptAcquireCore", "RedisWindowManager.TryAcquireLease"], top.ChainNames);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Equal("GET /orders/{id:int}", EntryText.Of(top.Entry));
        Assert.True(top.Share > 0.5, $"share {top.Share}");
        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("ShopKit.RedisWindow 1.0.0", fix.Headline);
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.Before + fix.After);
    }

    [Fact]
    public void Control_without_the_frameworks_IL_the_warmed_limiter_is_named_at_the_client()
    {
        // What this capture gave before framework frames were read: the Redis client's frame, not the package's.
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisWindowWarmed);
        var graph = snapshot.LeafLibraryCallGraph;
        snapshot = snapshot with
        {
            LeafLibraryCallGraph = graph with { Methods = [.. graph.Methods.Where(m => m.Module != "System.Threading.RateLimiting")] },
        };
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];
        Assert.Equal("RedisBase.ExecuteSync", top.Method);
        Assert.Equal("StackExchange.Redis", top.Package?.Name);
    }

    [Fact]
    public void Control_without_the_packages_IL_the_warmed_redis_wait_is_named_nowhere()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisWindowWarmed) with { LeafLibraryCallGraph = CallGraph.Empty };
        var culprits = CulpritAnalyzer.Analyze(snapshot).Culprits;
        Assert.DoesNotContain(culprits, c => EntryText.Of(c.Entry) == "GET /orders/{id:int}");
        Assert.DoesNotContain(culprits, c => c.Package?.Name == "StackExchange.Redis");
    }

    [Fact]
    public void A_stack_that_shows_its_wait_is_left_as_it_was()
    {
        // The warmed logging sink still shows ManualResetEventSlim.Wait: nothing is added, the culprit is as cold.
        var snapshot = PackageFixtures.Read(PackageFixtures.AuditLogWarmed);
        Assert.Equal(snapshot.Stacks.Select(s => s.Frames.Count), InlinedLeafFrames.Restore(snapshot).Stacks.Select(s => s.Frames.Count));
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];
        Assert.Equal("AuditLogger.Log", top.Method);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Equal("GET /audited/orders/{id:int}", EntryText.Of(top.Entry));
    }
}
