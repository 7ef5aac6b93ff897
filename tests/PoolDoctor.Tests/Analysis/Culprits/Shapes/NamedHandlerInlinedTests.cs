using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.CallSiteTests;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// An MVC action the request's events name, inlined whole into ASP.NET Core's generated delegate (a Release build's
/// stack, from recorded frame names; no recorded capture has this shape yet: the lab's are Debug, ShopApi's handlers
/// are found by their routes): the app's IL (this assembly's sample shop) from that action gives back the call site.
/// </summary>
public sealed class NamedHandlerInlinedTests
{
    private const string GetResult = "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)";

    [Fact]
    public void The_handler_the_request_names_leads_the_il_to_the_call_site()
    {
        var action = Ns + ".CustomerHandlers.GetCustomer (PoolDoctor.Tests)";
        var request = new RequestContext("GET", "/customers/42", "customers/{id}", action, action);
        var snapshot = Snapshot([Stack(1, request, [GetResult, Generated, .. MvcPipeline, .. Kestrel])]) with
        {
            CallGraph = Graph,
            Modules = [new ModuleInfo("PoolDoctor.Tests", AssemblyPath, ModuleOrigin.App)],
        };
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("CustomerRepository.Load", top.Method);
        Assert.Equal(CallSiteSource.Il, top.Site.Source);
        Assert.Equal(CallSiteNoteKind.InlinedIntoFramework, top.Site.Note?.Kind);
        Assert.Equal(["CustomerHandlers.GetCustomer", "CustomerService.Find", "CustomerRepository.Load"], top.ChainNames);
        ShapeProbe.AssertNamedBy<NamedHandlerInlined>(snapshot, top.Method);
    }
}
