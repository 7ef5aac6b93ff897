using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// A database driver's sync API reached through a package (issue 20's done-when): tests/apps/packaged/PackagedOrders,
/// a minimal API whose handler calls ShopKit.OrderStore's sync <c>OrderRepository.GetTotal</c>, which runs Npgsql's
/// <c>ExecuteScalar</c> against the real PostgreSQL; restored from a local feed (deps.json says "package"), recorded
/// under 125 connections by scripts/stack-fixtures/record-package-db.sh, cold and after 35 s of warm-up.
/// </summary>
public sealed class PackagedDriverFixtureTests
{
    [Theory]
    [InlineData("order-store.nettrace.gz")]
    [InlineData("order-store-warmed.nettrace.gz")]
    public void The_packages_repository_method_is_named_with_the_drivers_sync_call_and_the_users_handler(string fixture)
    {
        var snapshot = PackageFixtures.Read(Path.Combine(PackageFixtures.Directory, fixture));
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("OrderRepository.GetTotal", top.Method);
        Assert.Equal("OrderRepository.GetTotal", top.PackageMethod);
        Assert.Equal(new PackageRef("ShopKit.OrderStore", "1.0.0", true), top.Package);
        Assert.Equal(BlockingKind.SyncIO, top.Kind);
        Assert.Equal("NpgsqlCommand.ExecuteScalar", top.Api);
        // Both twins come from the assemblies' metadata: Npgsql's type declares ExecuteScalarAsync, the package's
        // repository GetTotalAsync. Warmed, the stack shows only the driver's async body; its twin is still found.
        Assert.Equal("ExecuteScalarAsync", top.ApiTwin?.Twin);
        Assert.Equal("GetTotalAsync", top.PackageTwin?.Twin);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Equal("GET /orders/{id:int}/total", EntryText.Of(top.Entry));
        Assert.True(top.Share > 0.5, $"share {top.Share}");

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        var advice = fix.Headline + fix.Explanation + fix.Before + fix.After;
        Assert.Contains("ShopKit.OrderStore 1.0.0", fix.Headline);
        Assert.Contains("GetTotalAsync", advice);
        // Only APIs that exist: no "...Async" made up from a frame's name.
        Assert.DoesNotContain("ExecuteReaderAsync(", advice);
        Assert.DoesNotContain("NextResultAsync", advice);
        Assert.DoesNotContain("EnsureLongAsync", advice);

        var text = string.Join("\n", CulpritLines.Describe(top));
        Assert.Contains("[package ShopKit.OrderStore 1.0.0] OrderRepository.GetTotal", text);
        Assert.Contains("[blocking API] NpgsqlCommand.ExecuteScalar", text);
    }

    [Fact]
    public void Control_without_deps_json_the_driver_capture_has_no_package()
    {
        var snapshot = PackageFixtures.Read(PackageFixtures.OrderStore);
        snapshot = snapshot with { Modules = [.. snapshot.Modules.Select(m => m with { Package = null })] };
        Assert.Null(CulpritAnalyzer.Analyze(snapshot).Culprits[0].Package);
    }
}
