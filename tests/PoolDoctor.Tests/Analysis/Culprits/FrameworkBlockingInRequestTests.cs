using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// Blocking that the framework does on its own inside a request, recorded with `diagnose --load` on a Release app
/// written outside the team (docs/accuracy.md, "Apps written for the 2026-11-23 trials"). The request's handler did
/// not make these calls, so it must not be named as their call site.
/// </summary>
public class FrameworkBlockingInRequestTests
{
    private static readonly RequestContext OpenOrders = new(
        "GET", "/api/orders/open", "api/orders/open",
        "Fabrikam.Orders.OrdersController.Open (Fabrikam.Orders)",
        "Fabrikam.Orders.OrdersController.Open (Fabrikam.Orders)");

    // An async action (`await Task.Yield(); return store.Count();`) completes on a pool thread; its continuation runs
    // MVC's result filters and JSON formatter inline, which take Kestrel's response pipe lock. The user's frame is at
    // the root of the stack, the pipeline above it, and no generated frame calls the lock.
    private static readonly string[] ContinuationWritingTheResponse =
    [
        "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
        "System.IO.Pipelines.Pipe.AllocateWriteHeadSynchronized(int32)",
        "System.IO.Pipelines.Pipe+DefaultPipeWriter.GetSpan(int32)",
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.Http1OutputProducer.WriteResponseHeaders(int32,class System.String,class Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponseHeaders,bool,bool)",
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol.InitializeResponseAsync(int32)",
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponsePipeWriter.FlushAsync(value class System.Threading.CancellationToken)",
        "Microsoft.AspNetCore.Mvc.Formatters.SystemTextJsonOutputFormatter+<WriteResponseBodyAsync>d__11.MoveNext()",
        "Microsoft.AspNetCore.Mvc.Infrastructure.ObjectResultExecutor.ExecuteAsyncCore(class Microsoft.AspNetCore.Mvc.ActionContext,class Microsoft.AspNetCore.Mvc.ObjectResult,class System.Type,class System.Object)",
        "Microsoft.AspNetCore.Mvc.Infrastructure.ResourceInvoker.ResultNext(value class State&,value class Scope&,class System.Object&,bool&)",
        "System.Threading.Tasks.Task.RunContinuations(class System.Object)",
        "Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+AwaitableObjectResultExecutor+<Execute>d__0.MoveNext()",
        "System.Threading.Tasks.Task.RunContinuations(class System.Object)",
        "System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1[System.Int64].SetExistingTaskResult(class System.Threading.Tasks.Task`1<int64>,int64)",
        "Fabrikam.Orders.OrdersController+<Open>d__1.MoveNext()",
        "System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1+AsyncStateMachineBox`1[System.Int64,Fabrikam.Orders.OrdersController+<Open>d__1].MoveNext(class System.Threading.Thread)",
        "System.Runtime.CompilerServices.YieldAwaitable+YieldAwaiter+<>c.<OutputCorrelationEtwEvent>b__6_0(class System.Action,class System.Threading.Tasks.Task)",
    ];

    [Fact]
    public void An_async_actions_continuation_waiting_on_the_servers_lock_is_the_library_not_the_action()
    {
        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 1, ContinuationWritingTheResponse) with { Request = OpenOrders }])).Culprits);

        Assert.Equal(("Pipe.AllocateWriteHeadSynchronized", CallSiteSource.Library), (culprit.Method, culprit.Site.Source));
        Assert.Equal((BlockingKind.Lock, "Monitor.Enter"), (culprit.Kind, culprit.Api));
        Assert.Equal("GET /api/orders/open", EntryText.Of(culprit.Entry));
    }

    [Fact]
    public void The_same_continuation_is_named_by_the_action_when_a_generated_frame_calls_the_wait()
    {
        // The control: what differs is only the frame that calls the wait. ASP.NET Core's compiled delegate calling
        // Task.Result is where the JIT inlines a small action, so there the endpoint does name the handler.
        string[] inlined =
        [
            "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)",
            "dynamicClass.lambda_method12(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])",
            .. ContinuationWritingTheResponse[5..],
        ];

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 1, inlined) with { Request = OpenOrders }])).Culprits);

        Assert.Equal(("OrdersController.Open", CallSiteSource.Endpoint), (culprit.Method, culprit.Site.Source));
    }

    [Fact]
    public void The_containers_generated_resolver_taking_its_lock_does_not_name_the_pages_handler()
    {
        // A Razor Page request: the authentication middleware resolves a service, and the DI container's emitted
        // ResolveService waits on the scope's lock. The endpoint (the page) is known; its handler has not run yet.
        var page = new RequestContext("GET", "/Products", "/Products", "/Products", "/Products");
        string[] frames =
        [
            "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "dynamicClass.ResolveService(pMT: 0x7f0a1c2d3e40,class Microsoft.Extensions.DependencyInjection.ServiceLookup.ILEmitResolverBuilderRuntimeContext,class Microsoft.Extensions.DependencyInjection.ServiceLookup.ServiceProviderEngineScope)",
            "Microsoft.Extensions.DependencyInjection.ServiceProviderServiceExtensions.GetRequiredService(class System.IServiceProvider,class System.Type)",
            "Microsoft.AspNetCore.Authentication.AuthenticationMiddleware+<Invoke>d__6.MoveNext()",
            "Microsoft.AspNetCore.HostFiltering.HostFilteringMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__238`1[System.__Canon].MoveNext()",
        ];

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 1, frames) with { Request = page }])).Culprits);

        Assert.NotEqual("/Products", culprit.Method);
        Assert.NotEqual(CallSiteSource.Endpoint, culprit.Site.Source);
        Assert.DoesNotContain("ResolveService", culprit.Method);
        Assert.Contains("dynamicClass.ResolveService", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.Equal("GET /Products", EntryText.Of(culprit.Entry));
    }
}
