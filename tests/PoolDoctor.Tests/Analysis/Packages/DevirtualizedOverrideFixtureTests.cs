using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// The warmed ShopKit.QuotaLimiter capture (issue 34: a framework frame must never be the culprit): tier-1 code
/// devirtualized the framework's call to the limiter and inlined the package's <c>QuotaRateLimiter.AttemptAcquireCore</c>
/// and <c>QuotaClient.TryTake</c> into <c>DefaultPartitionedRateLimiter.AttemptAcquireCore</c>, so the wait sits right
/// under that framework method. Before <c>DevirtualizedFrames</c> the tool named the framework method with "await the
/// async API" advice.
/// </summary>
public sealed class DevirtualizedOverrideFixtureTests
{
    private static readonly Lazy<StackSnapshot> Warmed = new(() => PackageFixtures.Read(PackageFixtures.QuotaLimiterWarmed));

    [Fact]
    public void The_warmed_stack_shows_the_wait_right_under_the_framework_limiter()
    {
        // The shape the test is about, read from the recording itself: no package frame, the wait under the framework.
        var blocked = Warmed.Value.Stacks.Where(s => s.Frames.SkipWhile(f => f.Module == "System.Private.CoreLib").FirstOrDefault()?.Method
            .StartsWith("System.Threading.RateLimiting.DefaultPartitionedRateLimiter", StringComparison.Ordinal) == true).ToList();
        Assert.True(blocked.Sum(s => s.Samples) > Warmed.Value.Stacks.Sum(s => s.Samples) / 2);
        Assert.All(blocked, s => Assert.DoesNotContain(s.Frames, f => f.Module.StartsWith("ShopKit", StringComparison.OrdinalIgnoreCase)));
    }

    [Fact]
    public void The_package_method_is_named_as_cold_not_the_framework_frame()
    {
        var culprits = CulpritAnalyzer.Analyze(Warmed.Value).Culprits;
        var top = culprits[0];

        Assert.Equal("QuotaClient.TryTake", top.Method);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        Assert.Equal(new PackageRef("ShopKit.QuotaLimiter", "1.0.0", Direct: true), top.Package);
        Assert.Equal(["QuotaRateLimiter.AttemptAcquireCore", "QuotaClient.TryTake"], top.ChainNames);
        Assert.Equal("GET /orders/{id:int}", EntryText.Of(top.Entry));
        Assert.True(top.Share > 0.5, $"share {top.Share}");
        Assert.DoesNotContain(culprits, c => c.Method.Contains("RateLimiter<", StringComparison.Ordinal) || c.Method.Contains("RateLimitingMiddleware", StringComparison.Ordinal));

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("ShopKit.QuotaLimiter 1.0.0", fix.Headline);
        Assert.DoesNotContain("TryTakeAsync", fix.Headline + fix.Explanation + fix.Before + fix.After);
    }

    [Fact]
    public void Without_the_packages_IL_the_framework_frame_is_unresolved_never_named()
    {
        // The same stacks with the package's methods not read: the framework's IL alone still shows an override of
        // another assembly could have run there, so no framework method is named.
        var snapshot = Warmed.Value;
        var graph = snapshot.LeafLibraryCallGraph;
        snapshot = snapshot with
        {
            LeafLibraryCallGraph = graph with { Methods = [.. graph.Methods.Where(m => !m.Module.StartsWith("ShopKit", StringComparison.OrdinalIgnoreCase))] },
        };

        var culprits = CulpritAnalyzer.Analyze(snapshot).Culprits;

        Assert.DoesNotContain(culprits, c => c.Method.StartsWith("DefaultPartitionedRateLimiter", StringComparison.Ordinal));
        var top = culprits[0];
        Assert.Equal(DevirtualizedFrames.UnresolvedMethod, top.Method);
        Assert.Equal("DefaultPartitionedRateLimiter<T1,T2>.AttemptAcquireCore", top.Site.Note?.Frame);
        Assert.Equal(CallSiteNoteKind.OverrideUnresolved, top.Site.Note?.Kind);
        Assert.Contains("unresolved", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void Control_without_the_frameworks_IL_the_framework_frame_is_named_as_before()
    {
        // What the tool said before: with no IL to read, the framework frame stays the culprit (so the tests above
        // fail if the IL reading is lost).
        var snapshot = Warmed.Value with { LeafLibraryCallGraph = CallGraph.Empty };

        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("DefaultPartitionedRateLimiter<T1,T2>.AttemptAcquireCore", top.Method);
    }

    [Fact]
    public void The_cold_capture_is_unchanged()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.QuotaLimiter);
        var (restored, unresolved) = DevirtualizedFrames.Restore(snapshot);

        Assert.Empty(unresolved);
        Assert.Equal(snapshot.Stacks.Select(s => s.Frames), restored.Stacks.Select(s => s.Frames));
        Assert.Equal("QuotaClient.TryTake", CulpritAnalyzer.Analyze(snapshot).Culprits[0].Method);
    }
}
