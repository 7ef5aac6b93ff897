using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>A minimal API route mapped to a method group in the app's IL (Samples/Routes): that method is named even when
/// nothing it reaches shows the blocking call.</summary>
public sealed class MethodGroupHandlerTests
{
    [Fact]
    public void A_method_group_mapped_to_the_route_is_named_even_when_nothing_it_reaches_makes_the_call()
    {
        var (snapshot, culprit) = RouteTemplateStacks.Analyze("System.Threading.Thread.Sleep(int32)", new RequestContext("GET", "/orders/7", "/orders/{id}"));

        Assert.Equal("OrderLookup.Get", culprit.Method);
        Assert.DoesNotContain("a lambda", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
        Assert.Contains("mapped to OrderLookup.Get in the app's IL", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
        ShapeProbe.AssertNamedBy<MethodGroupHandler>(snapshot, culprit.Method);
    }
}
