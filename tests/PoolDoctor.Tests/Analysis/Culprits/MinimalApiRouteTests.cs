using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;

namespace PoolDoctor.Tests.Analysis.Culprits;

public class MinimalApiRouteTests
{
    private static readonly BlockingApi TaskResult =
        BlockingApiTable.Classify(FrameNameParser.Parse("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)"))!;

    [Theory]
    [InlineData("HTTP: GET /customers/{id} => Get", "CustomerLookup.Get")]
    [InlineData("HTTP: GET /orders/{id} => Get", "OrderLookup.Get")]
    public void A_handler_name_shared_by_two_methods_is_told_apart_by_the_route_it_is_mapped_to(string endpoint, string expected)
    {
        var sites = InlinedCallSiteRecovery.Find(Graph, TaskResult, endpoint);

        Assert.Equal(expected, Assert.Single(sites).Method.Owner);
    }

    [Fact]
    public void Without_a_route_both_methods_stay_candidates()
    {
        var sites = InlinedCallSiteRecovery.Find(Graph, TaskResult, "Get");

        Assert.Contains(sites, s => s.Method.Owner == "CustomerLookup.Get");
        Assert.Contains(sites, s => s.Method.Owner == "OrderLookup.Get");
    }
}
