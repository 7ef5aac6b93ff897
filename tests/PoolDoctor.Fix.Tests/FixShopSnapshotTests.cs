using PoolDoctor.Fix.Reports;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The diffs `fix` writes for the FixShop app's blocking routes (fixtures/shop-*.json, with another machine's paths,
/// which the fix maps back onto the project). Each plan has compiled before it is returned; the snapshot pins what the
/// rewrite is. The shop fixtures are real reports: `scripts/fix-fixtures/record.sh` records them with `diagnose` of a
/// Release FixShop under the tool's own load. Their chains are what the capture saw (the audit middleware first; an
/// action or a handler the frames lost is found by the report's entry route), so "also changed" lists only callers off
/// the proven path.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class FixShopSnapshotTests(FixShopWorkspace shop)
{
    [Theory]
    [InlineData("shop-orders.json", "shop-orders.diff")]     // repository chain behind two interfaces, MVC action
    [InlineData("shop-products.json", "shop-products.diff")] // Thread.Sleep, named minimal-API handler
    [InlineData("shop-prices.json", "shop-prices.diff")]     // typed HttpClient.Send
    [InlineData("shop-audit.json", "shop-audit.diff")]       // middleware returning a Task it did not await
    [InlineData("shop-stock.json", "shop-stock.diff")]       // a lock held across .Result
    [InlineData("shop-shipping.json", "shop-shipping.diff")] // an ActionFilterAttribute blocking in OnActionExecuting
    public async Task The_fix_of_a_report_is_this_diff(string report, string snapshot)
    {
        var culprit = ReportReader.Read(TestApps.Fixture(report))[0];

        var plan = await SourceFixer.PlanAsync(shop.Solution, culprit, TestApps.FixShop, rename: false, CancellationToken.None);

        DiffSnapshot.Matches(snapshot, plan);
    }

    // A frame in Lock.EnterScope was seen to map to the method's opening brace (the lab's LockConvoy): the one lock
    // statement of that method is the one the report means, and the diff is the one the lock's own line gives.
    [Fact]
    public async Task A_lock_culprit_on_its_methods_brace_is_the_methods_only_lock()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("shop-stock.json"))[0];
        Assert.Equal(11, culprit.Site.Line); // `lock (_sync)`; line 10 is Count's opening brace

        var plan = await SourceFixer.PlanAsync(shop.Solution, TestApps.AtLine(culprit, 10), TestApps.FixShop, rename: false, CancellationToken.None);

        DiffSnapshot.Matches("shop-stock.diff", plan);
    }

    [Fact]
    public async Task A_lock_culprit_on_no_function_is_still_refused()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("shop-stock.json"))[0];

        var plan = await SourceFixer.PlanAsync(shop.Solution, TestApps.AtLine(culprit, 7), TestApps.FixShop, rename: false, CancellationToken.None);

        Assert.NotNull(plan.Refusal);
        Assert.Contains("Stock/StockCache.cs:7: the report names a lock (Monitor.Enter) but no lock statement is there", plan.Refusal, StringComparison.Ordinal);
        Assert.Empty(plan.Diff);
    }

    [Fact]
    public async Task Rename_adds_the_Async_suffix_to_the_chain_but_not_to_the_action()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("shop-orders.json"))[0];

        var plan = await SourceFixer.PlanAsync(shop.Solution, culprit, TestApps.FixShop, rename: true, CancellationToken.None);

        DiffSnapshot.Matches("shop-orders-rename.diff", plan);
        Assert.Contains("+    public async Task<Order?> FindAsync(int id)", plan.Diff, StringComparison.Ordinal);
        Assert.Contains("+    public async Task<ActionResult<Order>> Get(int id)", plan.Diff, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Callers_off_the_proven_chain_are_changed_and_listed()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("shop-orders.json"))[0];

        var plan = await SourceFixer.PlanAsync(shop.Solution, culprit, TestApps.FixShop, rename: false, CancellationToken.None);

        var invoices = Assert.Single(plan.AlsoChanged, a => a.Method == "InvoicesController.Get");
        Assert.Equal("Invoices/InvoicesController.cs", invoices.File);
        Assert.Contains(plan.AlsoChanged, a => a.Method == "InMemoryOrderRepository.Find");
        Assert.DoesNotContain(plan.AlsoChanged, a => a.Method.StartsWith("OrdersController", StringComparison.Ordinal));
    }
}
