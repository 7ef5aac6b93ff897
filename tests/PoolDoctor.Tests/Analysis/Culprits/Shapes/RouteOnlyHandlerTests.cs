using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.CallSiteTests;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>A request's handler inlined into the generated delegate and known only by its route: "handler of GET /x",
/// with the route's lambda when the IL maps one, else the reason (moved from RouteTemplateHandlerTests and CallSiteTests).</summary>
public sealed class RouteOnlyHandlerTests
{
    [Fact]
    public void A_route_the_IL_does_not_map_keeps_the_placeholder_and_says_why()
    {
        var (snapshot, culprit) = RouteTemplateStacks.Analyze("System.Threading.Thread.Sleep(int32)", new RequestContext("GET", "/nowhere/7", "/nowhere/{id}"));

        Assert.Equal("handler of GET /nowhere/{id}", culprit.Method);
        Assert.Contains("the app's IL maps no one method to it", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
        ShapeProbe.AssertNamedBy<RouteOnlyHandler>(snapshot, culprit.Method);
    }

    [Fact]
    public void A_minimal_api_lambda_endpoint_is_named_by_its_route()
    {
        var request = new RequestContext("GET", "/orders/7", "/orders/{id}", "HTTP: GET /orders/{id}");
        var snapshot = Snapshot([Stack(1, request, [GetResultCore, Generated, .. Kestrel])]);
        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("handler of GET /orders/{id}", culprit.Method);
        Assert.Contains("lambda", CallSiteNoteText.Line(culprit.Site.Note));
        ShapeProbe.AssertNamedBy<RouteOnlyHandler>(snapshot, culprit.Method);
    }
}
