using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;

namespace PoolDoctor.Tests.Analysis.Culprits;

public class RequestPathTests
{
    private static readonly BlockingApi TaskResult =
        BlockingApiTable.Classify(FrameNameParser.Parse("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)"))!;

    [Theory]
    [InlineData("/customers/42", "CustomerLookup.Get")]
    [InlineData("/orders/7", "OrderLookup.Get")]
    [InlineData("/v2/invoices/9", "InvoiceLookup.Get")]
    public void A_path_finds_the_handler_mapped_by_its_route_literal(string path, string expected)
    {
        Assert.Equal(expected, Assert.Single(InlinedCallSiteRecovery.FindForPath(Graph, TaskResult, path)).Method.Owner);
    }

    [Theory]
    [InlineData("/invoices/7")] // mapped only under /v2
    [InlineData("/api/customers/42")] // a tail match: the whole template must match, as another host may serve this path
    [InlineData("/v3/invoices/9")]
    public void A_path_no_whole_route_template_matches_finds_nothing(string path)
    {
        Assert.Empty(InlinedCallSiteRecovery.FindForPath(Graph, TaskResult, path));
    }
}
