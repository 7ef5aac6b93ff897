using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.CallSiteTests;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// The request's named handler (an MVC action, a minimal API's named method) inlined into ASP.NET Core's generated
/// delegate, with no call graph to say where it calls the API: the endpoint names it (stacks shaped like a Release
/// build's, from recorded frame names; moved from CallSiteTests).
/// </summary>
public sealed class HandlerNamedByEndpointTests
{
    [Fact]
    public void A_handler_inlined_into_generated_code_is_named_from_its_endpoint()
    {
        var snapshot = Snapshot([Stack(1, TaskWaitAction, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel])]);
        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("DiagScenarioController.TaskWait", culprit.Method);
        Assert.Equal(CallSiteSource.Endpoint, culprit.Site.Source);
        Assert.Equal("GET /api/diagscenario/taskwait", EntryText.Of(culprit.Entry));
        Assert.Equal("handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /api/diagscenario/taskwait (DiagScenarioController.TaskWait)", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.DoesNotContain("lambda_method", culprit.Method);
        ShapeProbe.AssertNamedBy<HandlerNamedByEndpoint>(snapshot, culprit.Method);
    }

    [Fact]
    public void A_minimal_api_endpoint_bound_to_a_named_method_names_that_method()
    {
        var request = new RequestContext("GET", "/customers/42", "/customers/{id}", "HTTP: GET /customers/{id} => GetCustomer");
        var snapshot = Snapshot([Stack(1, request, [GetResultCore, Generated, .. Kestrel])]);
        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("GetCustomer", culprit.Method);
        Assert.Equal("GET /customers/{id}", EntryText.Of(culprit.Entry));
        ShapeProbe.AssertNamedBy<HandlerNamedByEndpoint>(snapshot, culprit.Method);
    }
}
