using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Analysis.Release;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>A minimal API handler inlined into the generated delegate, found by the route literal that maps the request's
/// route template in the app's IL; the IL from it gives the call site (Samples/Routes).</summary>
public sealed class RouteHandlerInlinedTests
{
    [Fact]
    public void The_route_template_alone_maps_the_handler_and_what_it_calls()
    {
        var (snapshot, culprit) = RouteTemplateStacks.Analyze("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)", new RequestContext("GET", null, "/customers/{id}"));

        Assert.Equal("CustomerLookup.Get", culprit.Method);
        Assert.Equal(CallSiteSource.Il, culprit.Site.Source);
        Assert.Equal("GET /customers/{id}", EntryText.Of(culprit.Entry));
        ShapeProbe.AssertNamedBy<RouteHandlerInlined>(snapshot, culprit.Method);
    }

    [Fact]
    public void A_method_group_handler_inlined_with_all_it_calls_is_found_from_its_route_recorded()
    {
        // tests/apps/ShopApi's /invoices recorded tier-1 (ShopApiFixtureTests): no user frame sampled, no handler named.
        var (snapshot, analysis) = ShopApiFixtures.Load("invoices");
        var top = analysis.Culprits[0];

        Assert.Equal("InvoiceStore.Load", top.Method);
        Assert.Equal(CallSiteNoteKind.InlinedIntoFramework, top.Site.Note?.Kind);
        ShapeProbe.AssertNamedBy<RouteHandlerInlined>(snapshot, top.Method);
    }
}
