using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

public sealed class RequestTrackerTests
{
    private const int T1 = 101;
    private const int T2 = 102;

    [Fact]
    public void A_thread_serves_the_request_that_started_on_it_until_it_stops()
    {
        var tracker = new RequestTracker();
        Assert.Equal(RequestTracker.None, tracker.At(T1));

        tracker.Add(T1, Start("c1:1", "/orders/7"));
        var request = tracker.At(T1);
        Assert.Equal(new RequestContext("GET", "/orders/7"), tracker.Context(request));
        Assert.Equal(RequestTracker.None, tracker.At(T2));

        tracker.Add(T1, Stop("c1:1"));
        Assert.Equal(RequestTracker.None, tracker.At(T1));
        // What was learnt stays readable for the samples taken while it ran.
        Assert.Equal("/orders/7", tracker.Context(request)!.Path);
    }

    [Fact]
    public void A_stop_on_another_thread_ends_the_request_where_it_started()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Start("c1:1", "/a"));
        tracker.Add(T2, Start("c2:1", "/b"));

        // After an await, request c1:1 ends on T2: T1 no longer serves it, T2 still serves its own.
        tracker.Add(T2, Stop("c1:1"));

        Assert.Equal(RequestTracker.None, tracker.At(T1));
        Assert.Equal("/b", tracker.Context(tracker.At(T2))!.Path);
    }

    [Fact]
    public void A_later_start_on_the_thread_replaces_the_earlier_request()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Start("c1:1", "/a"));
        var first = tracker.At(T1);
        tracker.Add(T1, Start("c1:2", "/b"));

        Assert.NotEqual(first, tracker.At(T1));
        Assert.Equal("/b", tracker.Context(tracker.At(T1))!.Path);
        // The earlier request's stop does not end the later one.
        tracker.Add(T1, Stop("c1:1"));
        Assert.Equal("/b", tracker.Context(tracker.At(T1))!.Path);
    }

    [Fact]
    public void A_stop_of_a_request_that_began_before_the_session_changes_nothing()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Start("c1:1", "/a"));
        tracker.Add(T1, Stop("c9:1"));

        Assert.Equal("/a", tracker.Context(tracker.At(T1))!.Path);
        Assert.Equal(RequestTracker.None, tracker.At(T2));
        Assert.Null(tracker.Context(RequestTracker.None));
    }

    [Fact]
    public void The_action_moves_the_request_to_the_thread_that_runs_it()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Start("c1:1", "/api/orders/7"));
        var request = tracker.At(T1);

        // A middleware awaited; MVC invokes the action on T2.
        tracker.Add(T2, Action("c1:1", "Shop.OrdersController.Get (Shop)", "api/Orders/{id:int}"));

        Assert.Equal(RequestTracker.None, tracker.At(T1));
        Assert.Equal(request, tracker.At(T2));
        tracker.Add(T1, Stop("c1:1"));
        Assert.Equal(RequestTracker.None, tracker.At(T2));
    }

    [Fact]
    public void An_action_of_a_request_that_began_before_the_session_names_the_action_only()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Action("c9:1", "Shop.OrdersController.Get (Shop)", "api/Orders/{id:int}"));

        Assert.Equal(
            new RequestContext(null, null, "/api/Orders/{id:int}", Endpoint: null, "Shop.OrdersController.Get (Shop)"),
            tracker.Context(tracker.At(T1)));
    }

    [Fact]
    public void The_action_arrives_after_the_start_and_fills_the_same_request()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, Start("c1:1", "/api/orders/7"));
        var request = tracker.At(T1);
        Assert.Null(tracker.Context(request)!.Action);

        tracker.Add(T1, Action("c1:1", "Shop.OrdersController.Get (Shop)", "api/Orders/{id:int}"));

        Assert.Equal(request, tracker.At(T1));
        Assert.Equal(
            new RequestContext("GET", "/api/orders/7", "/api/Orders/{id:int}", Endpoint: null, "Shop.OrdersController.Get (Shop)"),
            tracker.Context(request));
    }

    [Fact]
    public void Events_without_a_trace_identifier_are_ignored()
    {
        var tracker = new RequestTracker();
        tracker.Add(T1, new AspNetCoreEventPayload(AspNetCoreEvents.RequestStart, new Dictionary<string, string> { [AspNetCoreEvents.Path] = "/a" }));

        Assert.Equal(RequestTracker.None, tracker.At(T1));
    }

    private static AspNetCoreEventPayload Start(string traceId, string path) =>
        new(AspNetCoreEvents.RequestStart, new Dictionary<string, string>
        {
            [AspNetCoreEvents.TraceId] = traceId,
            [AspNetCoreEvents.Method] = "GET",
            [AspNetCoreEvents.Path] = path,
        });

    private static AspNetCoreEventPayload Stop(string traceId) =>
        new(AspNetCoreEvents.RequestStop, new Dictionary<string, string> { [AspNetCoreEvents.TraceId] = traceId });

    private static AspNetCoreEventPayload Action(string traceId, string action, string template) =>
        new(AspNetCoreEvents.BeforeAction, new Dictionary<string, string>
        {
            [AspNetCoreEvents.TraceId] = traceId,
            [AspNetCoreEvents.Action] = action,
            [AspNetCoreEvents.Template] = template,
        });
}
