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
    internal const string GetResultCore = "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)";
    internal const string Generated = "dynamicClass.lambda_method9(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])";
    private const string Middleware = "Program+<>c.<<Main>$>b__0_1(class Microsoft.AspNetCore.Http.HttpContext,class System.Func`1<class System.Threading.Tasks.Task>)";

    // ASP.NET Core's MVC pipeline between the generated action delegate and the request's middleware.
    internal static readonly string[] MvcPipeline =
    [
        "Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+SyncObjectResultExecutor.Execute(class Microsoft.AspNetCore.Mvc.Infrastructure.IActionResultTypeMapper,class Microsoft.Extensions.Internal.ObjectMethodExecutor,class System.Object,class System.Object[])",
        "Microsoft.AspNetCore.Mvc.Infrastructure.ControllerActionInvoker.InvokeActionMethodAsync()",
        "Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)",
    ];

    internal static readonly string[] Kestrel =
    [
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__238`1[System.__Canon].MoveNext()",
    ];

    internal static readonly RequestContext TaskWaitAction = new(
        "GET", "/api/diagscenario/taskwait", "api/diagscenario/taskwait",
        "DiagnosticScenarios.Controllers.DiagScenarioController.TaskWait (DiagnosticScenarios)",
        "DiagnosticScenarios.Controllers.DiagScenarioController.TaskWait (DiagnosticScenarios)");

    internal static ThreadStack Stack(int thread, RequestContext? request, params string[] frames) =>
        Pool(thread, 100, frames) with { Request = request };

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
        Assert.Equal("GET /customers/{id}", EntryText.Of(culprit.Entry));
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
        Assert.Equal("timer callback CacheRefresher.Refresh", EntryText.Of(culprit.Entry));
    }
}
