using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// Captures of tests/apps/packaged/PackagedShop, which uses its packages the way services do (restored from a local
/// feed, so deps.json says "package"), recorded under 125 connections by scripts/stack-fixtures/record-packages.sh.
/// </summary>
public sealed class PackageFixtureTests
{
    [Fact]
    public void Rate_limiter_over_redis_names_the_referenced_packages_method_the_redis_api_and_the_registration()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisWindow);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("RedisWindowManager.TryAcquireLease", top.Method);
        Assert.Equal(new PackageRef("ShopKit.RedisWindow", "1.0.0", true), top.Package);
        Assert.Equal("IDatabase.ScriptEvaluate", top.Api);
        Assert.Equal("ScriptEvaluateAsync", top.ApiTwin?.Twin);
        Assert.Equal("TryAcquireLeaseAsync", top.PackageTwin?.Twin);
        // Public on a public type, but the user's code never calls the manager (the framework's middleware runs the
        // limiter): not a twin the user can call (issue 34 item 4).
        Assert.False(top.PackageTwin!.Callable);
        Assert.True(top.PackageTwin.ApiPublic);
        Assert.Equal(["RedisWindowRateLimiter.AttemptAcquireCore", "RedisWindowManager.TryAcquireLease"], top.ChainNames);
        // No user frame on the stack (UseRateLimiter runs the limiter): the app's IL names the registration.
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Contains("AddRedisWindowLimiter", CallSiteNoteText.Line(top.Site.Note));
        Assert.Equal("GET /orders/{id:int}", EntryText.Of(top.Entry));
        Assert.True(top.Share > 0.5, $"share {top.Share}");

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("ShopKit.RedisWindow 1.0.0", fix.Headline);
        Assert.Contains("upgrade it to a version that does not block, or report it upstream to ShopKit.RedisWindow", fix.Headline);
        Assert.DoesNotContain("TryAcquireLeaseAsync", fix.Headline + fix.Explanation);
        Assert.Contains("ScriptEvaluateAsync", fix.Explanation); // the change to ask the maintainers for
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.Before + fix.After);
        Assert.Equal(AdviceCode.None, fix.Code);

        var text = string.Join("\n", CulpritLines.Describe(top));
        Assert.Contains("[package ShopKit.RedisWindow 1.0.0] RedisWindowRateLimiter.AttemptAcquireCore", text);
        Assert.Contains("[blocking API] IDatabase.ScriptEvaluate", text);
    }

    [Fact]
    public void RedisRateLimiting_1_0_11_is_named_where_its_fix_went()
    {
        // Public package, built at the commit before "Remove sync impl" (ccb95be), which made AttemptAcquireCore stop
        // calling the sync TryAcquireLease: the method named is the one the fix changed, its caller is on the chain.
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisRateLimiting);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("RedisSlidingWindowManager.TryAcquireLease", top.Method);
        Assert.Equal(new PackageRef("RedisRateLimiting", "1.0.11", true), top.Package);
        Assert.Equal(["RedisSlidingWindowRateLimiter<T>.AttemptAcquireCore", "RedisSlidingWindowManager.TryAcquireLease"], top.ChainNames);
        Assert.Equal("IDatabase.ScriptEvaluate", top.Api);
        Assert.Equal("ScriptEvaluateAsync", top.ApiTwin?.Twin);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Contains("GetSlidingWindowRateLimiter", CallSiteNoteText.Line(top.Site.Note));
        // The package's assembly is not kept with the fixture: its twin was not looked up, and the advice says so.
        Assert.Null(top.PackageTwin);
        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("RedisRateLimiting 1.0.11", fix.Headline);
        Assert.Contains("not checked", fix.Explanation);
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.After);
    }

    [Fact]
    public void Logging_sink_that_blocks_under_ILogger_is_the_packages_not_the_users_line()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.AuditLog);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("AuditLogger.Log", top.Method);
        Assert.Equal(new PackageRef("ShopKit.AuditLog", "1.0.0", true), top.Package);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Equal(new AsyncTwin("LoggerExtensions.LogInformation", null), top.UserCallTwin);
        Assert.Null(top.ApiTwin);

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("inside package ShopKit.AuditLog 1.0.0", fix.Headline);
        Assert.Contains("no async twin", fix.Explanation);
        Assert.DoesNotContain("every caller", fix.Headline + fix.Explanation);
        Assert.Equal("", fix.Before + fix.After);
    }

    [Fact]
    public void Without_deps_json_the_rate_limiter_capture_is_read_as_before()
    {
        // The same capture with the packages unknown (an offline trace without its app folder): no package culprit.
        var snapshot = PackageFixtures.Read(PackageFixtures.RedisWindow);
        snapshot = snapshot with { Modules = [.. snapshot.Modules.Select(m => m with { Package = null })] };

        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        // What issue 20 saw: the transitive client's frame, and an async twin that does not exist offered for it.
        Assert.Null(top.Package);
        Assert.Equal("RedisBase.ExecuteSync", top.Method);
        // Its type declares no ExecuteSyncImplAsync: the advice says there is none instead of inventing one.
        Assert.Null(top.ApiTwin?.Twin);
        Assert.NotNull(top.ApiTwin);
        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("has no async twin", fix.Headline);
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.After);
        Assert.DoesNotContain("ExecuteSyncImplAsync", fix.Headline + fix.Explanation + fix.After);
    }
}

/// <summary>The JSON keys a package culprit adds (an interface: added, never renamed).</summary>
public sealed class PackageCulpritJsonTests
{
    [Fact]
    public void Package_culprit_writes_package_packageMethod_userFrame_and_the_twins()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.RedisWindow)).Culprits[0];
        using var buffer = new MemoryStream();
        using (var json = new System.Text.Json.Utf8JsonWriter(buffer))
        {
            CulpritJson.Write(json, top);
        }
        using var document = System.Text.Json.JsonDocument.Parse(buffer.ToArray());
        var root = document.RootElement;

        Assert.Equal("RedisWindowManager.TryAcquireLease", root.GetProperty("method").GetString());
        Assert.Equal("ShopKit.RedisWindow", root.GetProperty("package").GetProperty("name").GetString());
        Assert.Equal("1.0.0", root.GetProperty("package").GetProperty("version").GetString());
        Assert.True(root.GetProperty("package").GetProperty("direct").GetBoolean());
        Assert.Equal("RedisWindowManager.TryAcquireLease", root.GetProperty("packageMethod").GetString());
        Assert.Equal("lambda in Program.Main", root.GetProperty("userFrame").GetString());
        Assert.Equal("IDatabase.ScriptEvaluate", root.GetProperty("api").GetString());
        Assert.Equal("ScriptEvaluateAsync", root.GetProperty("apiAsyncTwin").GetProperty("twin").GetString());
        Assert.Equal("TryAcquireLeaseAsync", root.GetProperty("packageAsyncTwin").GetProperty("twin").GetString());
        Assert.False(root.GetProperty("packageAsyncTwin").GetProperty("callable").GetBoolean());
        Assert.False(root.GetProperty("apiAsyncTwin").TryGetProperty("callable", out _)); // written only when false
        Assert.False(CulpritJsonReader.Read(root).PackageTwin!.Callable);
        Assert.All(root.GetProperty("chainFrames").EnumerateArray(), f => Assert.Equal("ShopKit.RedisWindow", f.GetProperty("package").GetString()));
    }
}
