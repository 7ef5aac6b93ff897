using PoolDoctor.Report.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Release;

/// <summary>
/// A service written the way users write them (tests/apps/ShopApi: method-group, lambda and local-function handlers,
/// a static service field, a repository, a hosted service; Release, no inlining attributes), tier-1 after 35 s of load:
/// the JIT inlined user methods into the sampled user frames and into ASP.NET Core's generated delegates. The culprit
/// must be the user method that calls the blocking API, read from the IL at the sampled frame's IL offset. Expected
/// lines are those of the recorded build (its PDB sits beside the captures).
/// </summary>
public sealed class ShopApiFixtureTests
{
    public static TheoryData<string, string, string, string, string, string, CallSiteSource, string> Routes => new()
    {
        // Get sampled; CustomerService.Find and CustomerRepository.Load inlined into it.
        { "customers", "CustomerRepository.Load", "CustomersEndpoint.Get → CustomerService.Find → CustomerRepository.Load",
            "GetAwaiter().GetResult()", "CustomerRepository.cs", "5", CallSiteSource.Il, "GET /customers/{id:int}" },
        // The whole chain, method group included, inlined into ASP.NET Core's generated delegate: no user frame sampled.
        { "invoices", "InvoiceStore.Load", "InvoicesEndpoint.Get → InvoiceService.Total → InvoiceStore.Load",
            "GetAwaiter().GetResult()", "InvoiceStore.cs", "5", CallSiteSource.Il, "GET /invoices/{id:int}" },
        // A local function handler sampled; StockLedger.Count inlined into it.
        { "stock", "StockLedger.Count", "Program.Main.CheckStock (local function) → StockLedger.Count",
            "Task.Wait", "StockLedger.cs", "8", CallSiteSource.Il, "GET /stock/{sku}" },
        // A lambda handler sampled; DailyReports.For inlined into it (the lambda is not the culprit: it blocks in no call of its own).
        { "reports", "DailyReports.For", "lambda in Program.Main → DailyReports.For",
            "Task.Result", "DailyReports.cs", "5", CallSiteSource.Il, "GET /reports/{day}" },
        // The lambda inlined into the generated delegate, ListExpensive sampled: the stack shows the wait, the IL the `.Result`.
        { "products", "ProductCatalog.ListExpensive", "lambda in Program.Main → ProductCatalog.ListExpensive",
            "Task.Result", "ProductCatalog.cs", "6", CallSiteSource.Stack, "GET /products/expensive" },
        // An instance method group inlined into the generated delegate, the client sampled.
        { "orders", "LegacyOrderClient.Status", "OrderLookup.Find → LegacyOrderClient.Status",
            "Thread.Sleep", "LegacyOrderClient.cs", "7", CallSiteSource.Stack, "GET /orders/{id:int}" },
    };

    [Theory]
    [MemberData(nameof(Routes))]
    public void The_culprit_is_the_user_method_that_calls_the_blocking_API(
        string fixture, string method, string chain, string api, string file, string line, CallSiteSource source, string entry)
    {
        var (_, analysis) = ShopApiFixtures.Load(fixture);
        var top = analysis.Culprits[0];
        var said = $"{fixture}: {top.Method} [{string.Join(" → ", top.ChainNames)}] {top.Kind} {top.Api} {Path.GetFileName(top.Site.File)}:{top.Site.Line} "
            + $"source {top.Site.Source} entry '{EntryText.Of(top.Entry)}' {top.Share:P0}; note {CallSiteNoteText.Line(top.Site.Note)}";

        Assert.True(top.Method == method, said);
        Assert.True(string.Join(" → ", top.ChainNames) == chain, said);
        Assert.True(top.Kind == BlockingKind.SyncOverAsync || api == "Thread.Sleep", said);
        Assert.True(top.Api == api, said);
        Assert.True(Path.GetFileName(top.Site.File) == file && top.Site.Line == int.Parse(line, System.Globalization.CultureInfo.InvariantCulture), said);
        Assert.True(top.Site.Source == source, said);
        Assert.True(EntryText.Of(top.Entry) == entry, said);
        Assert.True(top.Share >= 0.5, said);
    }

    /// <summary>Where the IL recovered the call site, the JIT really inlined it: no sampled frame is that method.</summary>
    [Theory]
    [InlineData("customers")]
    [InlineData("stock")]
    [InlineData("reports")]
    public void A_recovered_call_site_is_not_on_the_stack_and_the_note_says_where_it_was_inlined(string fixture)
    {
        var (snapshot, analysis) = ShopApiFixtures.Load(fixture);
        var top = analysis.Culprits[0];

        Assert.DoesNotContain(top.ExampleStack, f => f.Contains(top.Method, StringComparison.Ordinal));
        Assert.Contains(snapshot.Stacks.SelectMany(s => s.Frames), f => f.IlOffset is not null && f.MethodToken is not null);
        Assert.StartsWith($"inlined by the JIT into {top.ChainNames[0]}", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
    }

    /// <summary>
    /// Every chain frame has a line, the inlined ones too: where its IL calls the next frame (the last: the API call).
    /// </summary>
    [Theory]
    [InlineData("customers", "CustomersEndpoint.cs:8 CustomerService.cs:5 CustomerRepository.cs:5")]
    [InlineData("invoices", "InvoicesEndpoint.cs:7 InvoiceService.cs:7 InvoiceStore.cs:5")]
    [InlineData("stock", "Program.cs:39 StockLedger.cs:8")]
    [InlineData("reports", "Program.cs:33 DailyReports.cs:5")]
    [InlineData("products", "Program.cs:23 ProductCatalog.cs:6")]
    [InlineData("orders", "OrderLookup.cs:7 LegacyOrderClient.cs:7")]
    public void Every_frame_of_the_chain_has_its_line_inlined_ones_too(string fixture, string lines)
    {
        var (_, analysis) = ShopApiFixtures.Load(fixture);
        var top = analysis.Culprits[0];

        Assert.Equal(lines, string.Join(' ', top.Chain.Select(f => f.Source).Select(s => s is null ? "?" : $"{Path.GetFileName(s.File)}:{s.Line}")));
    }

    /// <summary>The hosted service's loop (an async method's state machine) with its sync helper inlined, in every capture.</summary>
    [Theory]
    [InlineData("customers")]
    [InlineData("invoices")]
    [InlineData("stock")]
    [InlineData("reports")]
    [InlineData("products")]
    [InlineData("orders")]
    public void A_hosted_services_inlined_helper_is_named_with_its_line(string fixture)
    {
        var (_, analysis) = ShopApiFixtures.Load(fixture);

        // Its Task.Delay also meets the timer queue's lock now and then: a Lock culprit of its own, not this one.
        var refresh = Assert.Single(analysis.Culprits, c => c.ChainNames.Contains("RatesRefresher.ExecuteAsync (async)") && c.Kind == BlockingKind.SyncOverAsync);
        Assert.Equal("ExchangeRates.Refresh", refresh.Method);
        Assert.Equal(["RatesRefresher.ExecuteAsync (async)", "ExchangeRates.Refresh"], refresh.ChainNames);
        Assert.Equal("GetAwaiter().GetResult()", refresh.Api);
        Assert.Equal(CallSiteSource.Il, refresh.Site.Source);
        Assert.Equal(("ExchangeRates.cs", 9), (Path.GetFileName(refresh.Site.File), refresh.Site.Line));
    }

    /// <summary>A generated or decoded name never stands where the IL names the method.</summary>
    [Theory]
    [InlineData("customers")]
    [InlineData("invoices")]
    [InlineData("stock")]
    [InlineData("reports")]
    [InlineData("products")]
    [InlineData("orders")]
    public void No_culprit_of_the_app_is_a_lambda_or_a_handler_placeholder(string fixture)
    {
        var (_, analysis) = ShopApiFixtures.Load(fixture);

        Assert.DoesNotContain(analysis.Culprits, c => c.Method.StartsWith("handler of", StringComparison.Ordinal)
            || c.Method is "Program.Main" or "(inlined or generated code)" || c.Flavor == FrameFlavor.Lambda);
    }
}
