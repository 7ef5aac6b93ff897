using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

public sealed class AspNetRequestTests
{
    private const string TaskWaitMethod = "PoolDoctor.Lab.DiagScenarioController.TaskWait";
    private const string TaskWaitPath = "/api/diagscenario/taskwait";
    private const string PoolDispatch = "System.Threading.ThreadPoolWorkQueue.Dispatch";

    private static readonly Lazy<StackSnapshot> AspNetCapture = new(() => NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWaitAspNet));

    [Fact]
    public void Pool_threads_blocked_in_the_endpoint_carry_the_request_they_serve()
    {
        var blocked = AspNetCapture.Value.Stacks
            .Where(s => s.Frames.Any(f => f.Method == TaskWaitMethod) && s.Frames.Any(f => f.Method == PoolDispatch))
            .ToList();
        var total = blocked.Sum(s => s.Samples);
        var withRequest = blocked.Where(s => s.Request is { Path: TaskWaitPath, HttpMethod: "GET" }).Sum(s => s.Samples);

        Assert.True(total > 1000, $"{total} blocked pool-thread samples");
        Assert.True(withRequest > total * 0.6, $"{withRequest} of {total} blocked samples carry GET {TaskWaitPath}");
        // Minimal APIs: no MVC action; the bridge cannot reach the endpoint or route (see AspNetCoreEvents).
        Assert.All(blocked.Where(s => s.Request is not null), s => Assert.Null(s.Request!.Action));
    }

    [Fact]
    public void Mvc_requests_carry_the_action_and_its_route_template()
    {
        // Blocked in the action's .Result. Release build: the JIT inlined OrdersController.Get into MVC's generated
        // delegate (dynamicClass.lambda_method1), so only the request context names the action.
        var snapshot = NettraceStackReader.Read(StackFixtures.MvcOrdersAspNet);
        var blocked = snapshot.Stacks
            .Where(s => s.Frames.Any(f => f.Method == PoolDispatch) && s.Frames.Any(f => f.Method.EndsWith(".GetResultCore", StringComparison.Ordinal)))
            .ToList();
        var total = blocked.Sum(s => s.Samples);
        var expected = new RequestContext("GET", "/api/orders/7", "/api/Orders/{id:int}", Endpoint: null, "Shop.Controllers.OrdersController.Get (MvcTarget)");
        var withAction = blocked.Where(s => s.Request == expected).Sum(s => s.Samples);

        Assert.True(total > 1000, $"{total} blocked pool-thread samples");
        Assert.True(withAction > total * 0.6, $"{withAction} of {total} blocked samples carry {expected}");
        Assert.All(blocked.Where(s => s.Request is not null), s => Assert.Equal(expected, s.Request));
    }

    [Fact]
    public void Requests_that_began_before_the_session_are_not_guessed()
    {
        // Attached to a starving lab: the blocked requests started long before; only the few that start in the
        // window are known, and the samples of the others carry nothing.
        var blocked = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWaitAspNetLate).Stacks
            .Where(s => s.Frames.Any(f => f.Method == TaskWaitMethod))
            .ToList();
        var total = blocked.Sum(s => s.Samples);
        var withRequest = blocked.Where(s => s.Request is not null).Sum(s => s.Samples);

        Assert.True(total > 1000, $"{total} blocked samples");
        Assert.True(withRequest < total / 4, $"{withRequest} of {total} blocked samples carry a request");
        Assert.All(blocked.Where(s => s.Request is not null), s => Assert.Equal(TaskWaitPath, s.Request!.Path));
    }

    [Fact]
    public void Requests_never_go_to_threads_that_serve_none()
    {
        // Threads outside the pool (timer, Kestrel's I/O, the gate) never start a request.
        var notPool = AspNetCapture.Value.Stacks.Where(s => !s.Frames.Any(f => f.Method == PoolDispatch)).ToList();

        Assert.NotEmpty(notPool);
        Assert.All(notPool, s => Assert.Null(s.Request));
    }

    [Fact]
    public void Waits_in_the_endpoint_carry_the_request_at_their_start()
    {
        var endpointWaits = AspNetCapture.Value.Waits.Where(w => w.Frames.Any(f => f.Method == TaskWaitMethod)).ToList();

        Assert.True(endpointWaits.Count >= 5, $"{endpointWaits.Count} waits in the endpoint");
        var withRequest = endpointWaits.Count(w => w.Request?.Path == TaskWaitPath);
        Assert.True(withRequest > endpointWaits.Count / 2, $"{withRequest} of {endpointWaits.Count} waits carry the request");
    }

    [Fact]
    public void A_trace_without_aspnet_events_gives_no_request_anywhere()
    {
        // Recorded before the session asked for ASP.NET Core's events: same lab, same load.
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWait);

        Assert.NotEmpty(snapshot.Stacks);
        Assert.All(snapshot.Stacks, s => Assert.Null(s.Request));
        Assert.All(snapshot.Waits, w => Assert.Null(w.Request));
    }

    [Fact]
    public void Session_asks_the_bridge_for_the_request_events_only()
    {
        var bridge = Assert.Single(StackSessionProviders.All(), p => p.Name == AspNetCoreEvents.BridgeProvider);
        var specs = bridge.Arguments["FilterAndPayloadSpecs"].Split('\n');

        Assert.Equal(AspNetCoreEvents.EventsKeyword, bridge.Keywords);
        // Every line names one event of one listener and suppresses the implicit payload (the whole HttpContext).
        Assert.All(specs, line => Assert.StartsWith(AspNetCoreEvents.ListenerName + "/Microsoft.AspNetCore.", line));
        Assert.All(specs, line => Assert.Contains(":-", line));
    }
}
