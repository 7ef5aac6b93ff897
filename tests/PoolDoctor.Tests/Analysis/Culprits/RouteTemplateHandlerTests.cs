using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// A handler inlined whole into ASP.NET Core's generated delegate, for a request known only by its route template (no
/// path, no endpoint name): the route literals in the app's IL (Samples/Routes) still map it to its method.
/// </summary>
public class RouteTemplateHandlerTests
{
    private const string Generated = "dynamicClass.lambda_method9(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])";
    private const string Endpoint = "Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)";

    private static Culprit Analyze(string leaf, RequestContext request)
    {
        var stack = Pool(1, 100, leaf, Generated, Endpoint) with { Request = request };
        var snapshot = Snapshot([stack]) with
        {
            CallGraph = Graph,
            Modules = [new ModuleInfo("PoolDoctor.Tests", AssemblyPath, ModuleOrigin.App)],
        };
        return CulpritAnalyzer.Analyze(snapshot).Culprits[0];
    }

    [Fact]
    public void The_route_template_alone_maps_the_handler_and_what_it_calls()
    {
        var culprit = Analyze("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)", new RequestContext("GET", null, "/customers/{id}"));

        Assert.Equal("CustomerLookup.Get", culprit.Method);
        Assert.Equal(CallSiteSource.Il, culprit.Site.Source);
        Assert.Equal("GET /customers/{id}", culprit.Entry);
    }

    [Fact]
    public void A_method_group_mapped_to_the_route_is_named_even_when_nothing_it_reaches_makes_the_call()
    {
        var culprit = Analyze("System.Threading.Thread.Sleep(int32)", new RequestContext("GET", "/orders/7", "/orders/{id}"));

        Assert.Equal("OrderLookup.Get", culprit.Method);
        Assert.DoesNotContain("a lambda", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
        Assert.Contains("mapped to OrderLookup.Get in the app's IL", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void A_route_the_IL_does_not_map_keeps_the_placeholder_and_says_why()
    {
        var culprit = Analyze("System.Threading.Thread.Sleep(int32)", new RequestContext("GET", "/nowhere/7", "/nowhere/{id}"));

        Assert.Equal("handler of GET /nowhere/{id}", culprit.Method);
        Assert.Contains("the app's IL maps no one method to it", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
    }
}
