using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// The call-site rules on stacks shaped like Release builds of apps nobody here wrote: the JIT inlined the handler
/// into ASP.NET Core's generated delegate, a middleware lambda sits on every request, work runs from timers.
/// </summary>
public class CallSiteTests
{
    private const string GetResultCore = "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)";
    private const string Generated = "dynamicClass.lambda_method9(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])";
    private const string Middleware = "Program+<>c.<<Main>$>b__0_1(class Microsoft.AspNetCore.Http.HttpContext,class System.Func`1<class System.Threading.Tasks.Task>)";

    // ASP.NET Core's MVC pipeline between the generated action delegate and the request's middleware.
    private static readonly string[] MvcPipeline =
    [
        "Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+SyncObjectResultExecutor.Execute(class Microsoft.AspNetCore.Mvc.Infrastructure.IActionResultTypeMapper,class Microsoft.Extensions.Internal.ObjectMethodExecutor,class System.Object,class System.Object[])",
        "Microsoft.AspNetCore.Mvc.Infrastructure.ControllerActionInvoker.InvokeActionMethodAsync()",
        "Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)",
    ];

    private static readonly string[] Kestrel =
    [
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__238`1[System.__Canon].MoveNext()",
    ];

    private static readonly RequestContext TaskWaitAction = new(
        "GET", "/api/diagscenario/taskwait", "api/diagscenario/taskwait",
        "DiagnosticScenarios.Controllers.DiagScenarioController.TaskWait (DiagnosticScenarios)",
        "DiagnosticScenarios.Controllers.DiagScenarioController.TaskWait (DiagnosticScenarios)");

    private static ThreadStack Stack(int thread, RequestContext? request, params string[] frames) =>
        Pool(thread, 100, frames) with { Request = request };

    [Fact]
    public void A_handler_inlined_into_generated_code_is_named_from_its_endpoint()
    {
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, TaskWaitAction, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel])])).Culprits[0];

        Assert.Equal("DiagScenarioController.TaskWait", culprit.Method);
        Assert.Equal(CallSiteSource.Endpoint, culprit.Site.Source);
        Assert.Equal("GET /api/diagscenario/taskwait", culprit.Entry);
        Assert.Equal("handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /api/diagscenario/taskwait (DiagScenarioController.TaskWait)", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.DoesNotContain("lambda_method", culprit.Method);
    }

    [Fact]
    public void The_servers_own_lock_inside_a_request_is_the_library_not_the_requests_handler()
    {
        // Recorded in a Release app under load: Kestrel's response pipe lock, taken with no user or generated frame
        // on the stack. The request is known, but its handler did not make this call.
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, TaskWaitAction,
        [
            "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "System.Threading.Monitor.Enter(class System.Object)",
            "System.IO.Pipelines.Pipe.AllocateWriteHeadSynchronized(int32)",
            "System.IO.Pipelines.Pipe.GetSpan(int32)",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.Http1OutputProducer.WriteResponseHeaders(int32,class System.String,class Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponseHeaders,bool,bool)",
            .. Kestrel,
        ])])).Culprits[0];

        Assert.Equal(("Pipe.AllocateWriteHeadSynchronized", CallSiteSource.Library), (culprit.Method, culprit.Site.Source));
        Assert.Equal("GET /api/diagscenario/taskwait", culprit.Entry);
    }

    [Fact]
    public void Threads_whose_request_started_before_the_capture_borrow_the_endpoint_of_their_generated_frame()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot(
        [
            Stack(1, TaskWaitAction, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel]),
            Stack(2, null, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel]),
            Stack(3, null, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel]),
        ]));

        var culprit = Assert.Single(analysis.Culprits);
        Assert.Equal(("DiagScenarioController.TaskWait", 3), (culprit.Method, culprit.Threads));
    }

    [Fact]
    public void Without_any_request_event_a_generated_caller_is_never_shown_as_the_culprit()
    {
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, null, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel])])).Culprits[0];

        Assert.DoesNotContain("lambda_method", culprit.Method);
        Assert.Equal(CallSiteSource.Library, culprit.Site.Source);
        Assert.Contains("dynamicClass.lambda_method9", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.Equal((BlockingKind.SyncOverAsync, "Task.Result"), (culprit.Kind, culprit.Api));
    }

    [Fact]
    public void A_middleware_on_every_request_is_on_the_chain_but_never_the_call_site()
    {
        var culprit = CulpritAnalyzer.Analyze(Snapshot(
            [Stack(1, TaskWaitAction, [GetResultCore, Generated, .. MvcPipeline, Middleware, .. Kestrel])])).Culprits[0];

        Assert.Equal("DiagScenarioController.TaskWait", culprit.Method);
        Assert.Equal(["lambda in Program.Main", "DiagScenarioController.TaskWait"], culprit.ChainNames);
    }

    [Fact]
    public void Sync_over_async_inside_the_middleware_itself_names_the_middleware_decoded()
    {
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, null, [GetResultCore, Middleware, .. Kestrel])])).Culprits[0];

        Assert.Equal(("Program.Main", FrameFlavor.Lambda), (culprit.Method, culprit.Flavor));
        Assert.Equal("lambda in Program.Main", culprit.DisplayName);
        Assert.Equal(CallSiteSource.Stack, culprit.Site.Source);
    }

    [Fact]
    public void A_minimal_api_endpoint_bound_to_a_named_method_names_that_method()
    {
        var request = new RequestContext("GET", "/customers/42", "/customers/{id}", "HTTP: GET /customers/{id} => GetCustomer");
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, request, [GetResultCore, Generated, .. Kestrel])])).Culprits[0];

        Assert.Equal("GetCustomer", culprit.Method);
        Assert.Equal("GET /customers/{id}", culprit.Entry);
    }

    [Fact]
    public void A_minimal_api_lambda_endpoint_is_named_by_its_route()
    {
        var request = new RequestContext("GET", "/orders/7", "/orders/{id}", "HTTP: GET /orders/{id}");
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, request, [GetResultCore, Generated, .. Kestrel])])).Culprits[0];

        Assert.Equal("handler of GET /orders/{id}", culprit.Method);
        Assert.Contains("lambda", CallSiteNoteText.Line(culprit.Site.Note));
    }

    [Fact]
    public void The_call_site_is_the_innermost_user_frame_and_the_chain_runs_from_the_entry()
    {
        var request = new RequestContext("GET", "/customers/42", "/customers/{id}", "HTTP: GET /customers/{id} => GetCustomer");
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, request,
        [
            "System.Runtime.CompilerServices.TaskAwaiter`1[System.__Canon].GetResult()",
            "Shop.Data.CustomerRepository.Load(int32)",
            "Shop.Services.CustomerService.Get(int32)",
            "Shop.Handlers.GetCustomer(int32,class Shop.Services.CustomerService)",
            Generated,
            .. Kestrel,
        ])])).Culprits[0];

        Assert.Equal("CustomerRepository.Load", culprit.Method);
        Assert.Equal(["Handlers.GetCustomer", "CustomerService.Get", "CustomerRepository.Load"], culprit.ChainNames);
        Assert.Equal("GET /customers/{id}", culprit.Entry);
        Assert.Equal(CallSiteSource.Stack, culprit.Site.Source);
    }

    [Fact]
    public void Work_from_a_timer_names_the_timer_callback_as_its_entry()
    {
        var culprit = CulpritAnalyzer.Analyze(Snapshot([Stack(1, null,
        [
            "System.Threading.Thread.Sleep(int32)",
            "Shop.Jobs.CacheRefresher.Refresh(class System.Object)",
            "System.Threading.TimerQueueTimer.CallCallback(bool)",
            "System.Threading.TimerQueueTimer.Fire(bool)",
            "System.Threading.TimerQueue.FireNextTimers()",
        ])])).Culprits[0];

        Assert.Equal("CacheRefresher.Refresh", culprit.Method);
        Assert.Equal("timer callback CacheRefresher.Refresh", culprit.Entry);
    }
}
