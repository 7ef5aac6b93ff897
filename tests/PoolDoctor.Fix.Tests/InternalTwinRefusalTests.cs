using System.Text.Json;
using PoolDoctor.Fix.Reports;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The report `diagnose -p` wrote for tests/apps/packaged/QuotaShop behind ShopKit.QuotaLimiter 1.0.0
/// (fixtures/quota-limiter-1.0.0.json, scripts/stack-fixtures/record-quota.sh): the package blocks in its internal
/// <c>QuotaClient.TryTake</c>, whose twin <c>TryTakeAsync</c> is internal too, under the framework's rate-limiting
/// middleware. `fix` refuses with the package's pointer (upgrade, or report upstream), as the advice does, and names
/// nothing internal to the package (issue 34 item 4).
/// </summary>
public sealed class InternalTwinRefusalTests
{
    private static readonly string[] InternalNames = ["TryTakeAsync", "QuotaClient", "TryTake"];

    [Fact]
    public async Task A_package_whose_twin_is_internal_is_refused_with_the_packages_advice()
    {
        var report = TestApps.Fixture("quota-limiter-1.0.0.json");
        var culprit = ReportReader.Read(report)[0];
        Assert.Equal("QuotaClient.TryTake", culprit.Method);
        Assert.False(culprit.PackageTwin!.Callable);

        // No project is given or found: the refusal comes from the report alone, before any source is loaded.
        var plan = await SourceFixer.PlanAsync(report, new FixOptions { ProjectPath = Path.Combine(Path.GetTempPath(), "no-such", "App.csproj") });

        Assert.NotNull(plan.Refusal);
        Assert.DoesNotContain('\n', plan.Refusal);
        Assert.StartsWith("Code internal to the package ShopKit.QuotaLimiter 1.0.0 blocks", plan.Refusal, StringComparison.Ordinal);
        Assert.EndsWith("upgrade ShopKit.QuotaLimiter to a version that does not block, or report it upstream to ShopKit.QuotaLimiter", plan.Refusal, StringComparison.Ordinal);
        Assert.All(InternalNames, name => Assert.DoesNotContain(name, plan.Refusal, StringComparison.Ordinal));
        Assert.Empty(plan.Diff);
    }

    [Fact]
    public void The_recorded_reports_advice_names_nothing_internal()
    {
        using var json = JsonDocument.Parse(File.ReadAllText(TestApps.Fixture("quota-limiter-1.0.0.json")));
        var fix = json.RootElement.GetProperty("advice").GetProperty("fixes")[0];
        var advice = string.Concat(new[] { "headline", "explanation", "before", "after" }.Select(k => fix.GetProperty(k).GetString()));

        Assert.Contains("report it upstream to ShopKit.QuotaLimiter", advice, StringComparison.Ordinal);
        Assert.All(InternalNames, name => Assert.DoesNotContain(name, advice, StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_twin_the_user_can_call_is_still_named_so_the_test_above_can_fail()
    {
        // Control: the same culprit with its twin public and called by the user's code.
        var reported = ReportReader.Read(TestApps.Fixture("quota-limiter-1.0.0.json"))[0];
        var culprit = reported with { PackageTwin = reported.PackageTwin! with { Callable = true, ApiPublic = true } };

        using var workspace = new Microsoft.CodeAnalysis.AdhocWorkspace();
        var plan = await SourceFixer.PlanAsync(workspace.CurrentSolution, culprit, Path.Combine(Path.GetTempPath(), "no-such", "App.csproj"), rename: false, CancellationToken.None);

        Assert.NotNull(plan.Refusal);
        Assert.Contains("QuotaClient.TryTake blocks inside the package ShopKit.QuotaLimiter", plan.Refusal, StringComparison.Ordinal);
        Assert.Contains("call its async API (TryTakeAsync)", plan.Refusal, StringComparison.Ordinal);
    }
}
