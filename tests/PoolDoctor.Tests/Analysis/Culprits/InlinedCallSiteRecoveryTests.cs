using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>The finder on the call graph read from this test assembly's sample shop (tests/.../CallSites/Shop).</summary>
public class InlinedCallSiteRecoveryTests
{
    // The APIs as the analyzer classifies the blocking frame of a sampled stack.
    private static BlockingApi StackApi(string frame) => BlockingApiTable.Classify(FrameNameParser.Parse(frame))!;

    private static readonly BlockingApi GetResult =
        StackApi("System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)");
    private static readonly BlockingApi TaskResult = StackApi("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)");
    private static readonly BlockingApi TaskWait = StackApi("System.Threading.Tasks.Task.Wait()");
    private static readonly BlockingApi Sleep = StackApi("System.Threading.Thread.Sleep(int32)");

    private static string[] Owners(IEnumerable<InlinedCallSite> sites) => sites.Select(s => s.Method.Owner).ToArray();

    [Fact]
    public void From_the_handler_the_call_site_is_the_repository_through_service_and_interfaces()
    {
        var site = Assert.Single(InlinedCallSiteRecovery.Find(Graph, GetResult, Ns + ".CustomerHandlers.GetCustomer"));

        Assert.Equal("CustomerRepository.Load", site.Method.Owner);
        Assert.Equal(ApiMatch.Exact, site.Match);
        Assert.Equal("GetAwaiter().GetResult()", site.Api.Api);
        Assert.Equal(["CustomerHandlers.GetCustomer", "CustomerService.Find", "CustomerRepository.Load"], site.Chain.Select(f => f.Name.Display));
        Assert.StartsWith("CustomerRepository.cs:", site.First.FileAndLine, StringComparison.Ordinal);
        Assert.Equal(Method("CustomerRepository", "Load").Token, site.Body.Token);
    }

    [Fact]
    public void A_lazy_value_read_by_the_handler_is_the_call_site_of_a_wait_for_the_lazys_initialisation()
    {
        var lazy = new BlockingApi(BlockingKind.Lock, "Lazy<T>.Value");

        var site = Assert.Single(InlinedCallSiteRecovery.Find(Graph, lazy, Ns + ".CatalogHandlers.Count"));

        Assert.Equal("CatalogCache.get_Items", site.Method.Owner);
        Assert.Equal(["CatalogHandlers.Count", "CatalogCache.get_Items"], site.Chain.Select(f => f.Name.Owner));
        Assert.StartsWith("CatalogCache.cs:", site.First.FileAndLine, StringComparison.Ordinal);
    }

    [Fact]
    public void A_call_site_on_the_stack_in_a_generic_type_is_located_in_its_source()
    {
        var frame = FrameNameParser.Parse("PoolDoctor.Tests.Samples.Shop.CachedRepository`1[System.__Canon].Find(int32)");

        var location = new CallSiteResolver(Graph).Locate(frame, GetResult);

        Assert.NotNull(location);
        Assert.StartsWith("CachedRepository.cs:", location.FileAndLine, StringComparison.Ordinal);
        var line = File.ReadAllLines(location.File!)[location.Line!.Value - 1];
        Assert.Contains("GetAwaiter().GetResult()", line, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_an_entry_every_method_calling_the_api_is_a_candidate_and_the_chain_is_the_method()
    {
        var sites = InlinedCallSiteRecovery.Find(Graph, GetResult, entryHint: null).Where(s => s.Method.Namespace == Ns).ToArray();

        var exact = sites.TakeWhile(s => s.Match == ApiMatch.Exact).ToArray();
        Assert.Equal(["CachedRepository.Find", "CustomerRepository.Load", "Maintenance.Rebuild", "ReportHandlers.Audit"], Owners(exact));
        Assert.Equal(["OrderRepository.Count", "ReportHandlers.Build"], Owners(sites.Skip(exact.Length)).Order(StringComparer.Ordinal));
        Assert.All(sites.Skip(exact.Length), s => Assert.Equal(ApiMatch.SameKind, s.Match));
        Assert.All(sites, s => Assert.Equal([s.Method.Display], s.Chain.Select(f => f.Name.Display)));
    }

    [Fact]
    public void Awaits_in_a_state_machine_are_not_blocking_calls_but_a_get_result_without_is_completed_is()
    {
        var sites = InlinedCallSiteRecovery.Find(Graph, GetResult, entryHint: null);

        Assert.DoesNotContain("CustomerRepository.LoadAsync", Owners(sites));
        Assert.DoesNotContain("CustomerHandlers.GetCustomerAsync", Owners(sites));
        var audit = Assert.Single(sites, s => s.Method.Owner == "ReportHandlers.Audit");
        Assert.Equal(FrameFlavor.Async, audit.Method.Flavor);
        Assert.Single(audit.Calls);
    }

    [Theory]
    [InlineData("CustomerHandlers.GetCustomer")]
    [InlineData("PoolDoctor.Tests.Samples.Shop.CustomerHandlers.GetCustomer (PoolDoctor.Tests)")]
    [InlineData("HTTP: GET /customers/{id} => GetCustomer")]
    public void Entry_hints_may_omit_the_namespace_or_be_an_endpoint_display_name(string hint)
    {
        Assert.Equal(["CustomerRepository.Load"], Owners(InlinedCallSiteRecovery.Find(Graph, GetResult, hint)));
    }

    [Fact]
    public void A_local_function_handler_is_an_entry_by_its_own_name()
    {
        var site = Assert.Single(InlinedCallSiteRecovery.Find(Graph, TaskResult, "HTTP: GET /orders => CountOrders"));

        Assert.Equal("OrderRepository.Count", site.Method.Owner);
        Assert.Equal(["OrderHandlers.Map.CountOrders (local function)", "OrderRepository.Count"], site.Chain.Select(f => f.Name.Display));
    }

    [Fact]
    public void A_hint_that_names_no_method_finds_nothing()
    {
        Assert.Empty(InlinedCallSiteRecovery.Find(Graph, GetResult, "Elsewhere.Handlers.GetCustomer"));
    }

    [Fact]
    public void An_async_entry_is_followed_into_its_state_machine_but_awaiting_does_not_block()
    {
        Assert.Empty(InlinedCallSiteRecovery.Find(Graph, GetResult, Ns + ".CustomerHandlers.GetCustomerAsync"));
        Assert.Empty(InlinedCallSiteRecovery.Find(Graph, GetResult, Ns + ".Maintenance.Rebuild.Nothing"));
        var audit = Assert.Single(InlinedCallSiteRecovery.Find(Graph, GetResult, Ns + ".ReportHandlers.Audit"));
        Assert.Equal(["ReportHandlers.Audit (async)"], audit.Chain.Select(f => f.Name.Display));
    }

    [Fact]
    public void Task_result_is_found_through_a_virtual_call()
    {
        var site = Assert.Single(InlinedCallSiteRecovery.Find(Graph, TaskResult, Ns + ".OrderHandlers.List"));

        Assert.Equal(("OrderRepository.Count", "Task.Result"), (site.Method.Owner, site.Api.Api));
        Assert.Equal(["OrderHandlers.List", "OrderRepository.Count"], site.Chain.Select(f => f.Name.Owner));
    }

    [Fact]
    public void A_lambda_run_by_the_entry_is_reached_through_the_delegate_it_makes()
    {
        var site = Assert.Single(InlinedCallSiteRecovery.Find(Graph, Sleep, Ns + ".ReportHandlers.Build"));

        Assert.Equal("lambda in ReportHandlers.Build", site.Method.Display);
        Assert.Equal(["ReportHandlers.Build", "lambda in ReportHandlers.Build"], site.Chain.Select(f => f.Name.Display));
    }

    [Fact]
    public void The_exact_api_ranks_before_another_of_its_kind_which_still_counts_when_nothing_exact_is_reachable()
    {
        var fromBuild = InlinedCallSiteRecovery.Find(Graph, TaskWait, Ns + ".ReportHandlers.Build");
        var fromCustomer = InlinedCallSiteRecovery.Find(Graph, TaskWait, Ns + ".CustomerHandlers.GetCustomer");

        Assert.Equal(("ReportHandlers.Build", ApiMatch.Exact), (fromBuild[0].Method.Owner, fromBuild[0].Match));
        var site = Assert.Single(fromCustomer);
        Assert.Equal(("CustomerRepository.Load", ApiMatch.SameKind, "GetAwaiter().GetResult()"), (site.Method.Owner, site.Match, site.Api.Api));
    }
}
