using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// A handler inlined whole into ASP.NET Core's generated delegate, for a request known only by its route template or
/// path (no endpoint name): the route literals in the app's IL (Samples/Routes) map it, or do not, to its method. The
/// route shapes' tests share it (it was RouteTemplateHandlerTests).
/// </summary>
internal static class RouteTemplateStacks
{
    private const string Generated = "dynamicClass.lambda_method9(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])";
    private const string Endpoint = "Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)";

    public static (StackSnapshot Snapshot, Culprit Culprit) Analyze(string leaf, RequestContext request)
    {
        var stack = Pool(1, 100, leaf, Generated, Endpoint) with { Request = request };
        var snapshot = Snapshot([stack]) with
        {
            CallGraph = Graph,
            Modules = [new ModuleInfo("PoolDoctor.Tests", AssemblyPath, ModuleOrigin.App)],
        };
        return (snapshot, CulpritAnalyzer.Analyze(snapshot).Culprits[0]);
    }
}
