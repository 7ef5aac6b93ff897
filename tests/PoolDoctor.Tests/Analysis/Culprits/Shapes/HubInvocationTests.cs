using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Packages;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// A SignalR hub method that blocks, recorded warmed (tests/apps/HubShop under 64 hub connections): SignalR's hub
/// dispatcher calls the delegate <c>InventoryHub.GetStock</c> was inlined into. The connection's route names no
/// handler; following its text once reached the next handler mapped in <c>Program.Main</c> (issue 34).
/// </summary>
public sealed class HubInvocationTests
{
    [Fact]
    public void The_hub_shape_names_the_hub_method_not_the_endpoints_shapes() =>
        ShapeProbe.AssertNamedBy<HubInvocation>(PackageFixtures.Read(PackageFixtures.HubMethodWarmed), "InventoryHub.GetStock");

    [Fact]
    public void The_hub_method_is_the_culprit_with_its_line_and_the_hub_as_its_entry()
    {
        var culprits = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.HubMethodWarmed)).Culprits;
        var top = culprits[0];

        Assert.Equal("InventoryHub.GetStock", top.Method);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        Assert.Equal("Task.Result", top.Api);
        Assert.Equal("hub InventoryHub.GetStock", EntryText.Of(top.Entry));
        Assert.Equal(CallSiteSource.Il, top.Site.Source);
        Assert.EndsWith("InventoryHub.cs", top.Site.File, StringComparison.Ordinal);
        Assert.Equal(9, top.Site.Line);
        Assert.Equal("InventoryHub.GetStock", top.ChainNames[^1]);
        Assert.Contains("called by SignalR's hub dispatcher", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void Neither_the_awaiting_hub_method_nor_the_handler_mapped_after_the_hub_is_named()
    {
        var culprits = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.HubMethodWarmed)).Culprits;

        Assert.DoesNotContain(culprits, c => c.Method.Contains("GetReserved", StringComparison.Ordinal));
        Assert.DoesNotContain(culprits, c => c.ChainNames.Any(f => f.Contains("GetReserved", StringComparison.Ordinal)));
        Assert.DoesNotContain(culprits, c => c.Method.Contains("Program", StringComparison.Ordinal) || c.Method.Contains("Main", StringComparison.Ordinal));
    }

    [Fact]
    public void With_the_connections_request_on_its_threads_the_hub_method_is_named_not_the_handler_the_routes_text_leads_to()
    {
        var recorded = PackageFixtures.Read(PackageFixtures.HubMethodWarmed);
        // What ASP.NET Core's events say of a hub's thread when the session saw the connection start: its WebSocket request.
        var connection = new RequestContext("GET", "/hubs/inventory", "/hubs/inventory", "/hubs/inventory");
        var snapshot = recorded with
        {
            Stacks = [.. recorded.Stacks.Select(s => s with { Request = connection })],
            Waits = [.. recorded.Waits.Select(w => w with { Request = connection })],
        };
        var culprits = CulpritAnalyzer.Analyze(snapshot).Culprits;

        Assert.Equal("InventoryHub.GetStock", culprits[0].Method);
        Assert.Equal("hub InventoryHub.GetStock", EntryText.Of(culprits[0].Entry));
        Assert.Equal(9, culprits[0].Site.Line);
        Assert.DoesNotContain(culprits, c => c.Method.Contains("Program", StringComparison.Ordinal) || c.Method.Contains("Main", StringComparison.Ordinal));
    }

    [Fact]
    public void The_hubs_route_maps_no_handler_in_the_apps_il_while_the_route_mapped_after_it_does()
    {
        var graph = PackageFixtures.Read(PackageFixtures.HubMethodWarmed).CallGraph;
        var il = new CallSiteResolver(graph);

        // MapHub<InventoryHub>("/hubs/inventory") takes its literal; the ldftn after it is the /stock/{sku} lambda's.
        Assert.Empty(il.Handlers(new RequestContext("GET", "/hubs/inventory", "/hubs/inventory")));
        Assert.Contains(il.Handlers(new RequestContext("GET", "/stock/lamp", "/stock/{sku}")), m => m.TypeFullName.StartsWith("Program", StringComparison.Ordinal));
    }

    [Fact]
    public void Only_signalrs_hub_dispatcher_marks_the_delegate_as_a_hub_methods()
    {
        var hub = HubInvocation.Shape;
        Assert.True(hub.IsInvokerFrame(FrameNameParser.Parse("Microsoft.AspNetCore.SignalR.Internal.DefaultHubDispatcher`1[System.__Canon].ExecuteMethod")));
        Assert.False(hub.IsInvokerFrame(FrameNameParser.Parse("Microsoft.AspNetCore.SignalR.HubConnectionContext.WriteAsync")));
        Assert.False(hub.IsInvokerFrame(FrameNameParser.Parse("Microsoft.AspNetCore.Mvc.ViewComponents.DefaultViewComponentInvoker.InvokeSyncCore")));
        Assert.Same(hub, InvokerShapes.Owning(
            [FrameNameParser.Parse("Microsoft.Extensions.Internal.ObjectMethodExecutor.Execute"),
             FrameNameParser.Parse("Microsoft.AspNetCore.SignalR.Internal.DefaultHubDispatcher`1[System.__Canon].ExecuteMethod")]));
    }

    [Fact]
    public void A_hubs_methods_are_its_own_and_its_app_bases_not_other_types_and_a_name_two_assemblies_define_is_read_once()
    {
        var graph = new CallGraph(
            [
                new IlMethod("App", "App.ChatHub", "Send", 1, []),
                new IlMethod("App", "App.ChatHub", ".ctor", 2, []),
                new IlMethod("App", "App.ChatHub", "<Send>b__0_0", 3, []),
                new IlMethod("App", "App.TypedHub", "Join", 4, []),
                new IlMethod("App", "App.Repository", "Count", 5, []),
            ],
            [
                new IlType("App", "App", "App.AppHub", "Microsoft.AspNetCore.SignalR.Hub", []),
                new IlType("App", "App", "App.ChatHub", "App.AppHub", []),
                // Hub<IClient>, as Collect/CallGraphs spells a generic base.
                new IlType("App", "App", "App.TypedHub", "Microsoft.AspNetCore.SignalR.Hub", []),
                new IlType("App", "App", "App.Repository", "System.Object", []),
                new IlType("App", "Microsoft.CodeAnalysis", "Microsoft.CodeAnalysis.EmbeddedAttribute", "System.Attribute", []),
                new IlType("Lib", "Microsoft.CodeAnalysis", "Microsoft.CodeAnalysis.EmbeddedAttribute", "System.Attribute", []),
            ]);

        Assert.Equal(["App.ChatHub.Send", "App.TypedHub.Join"], HubInvocation.Shape.Roots(graph));
    }

    [Fact]
    public void A_hub_delegate_whose_hub_method_the_il_does_not_show_is_unresolved_not_another_handler()
    {
        var recorded = PackageFixtures.Read(PackageFixtures.HubMethodWarmed);
        var connection = new RequestContext("GET", "/hubs/inventory", "/hubs/inventory", "/hubs/inventory");
        // The same capture read with an app whose hub methods no longer call the repository's .Result.
        var graph = recorded.CallGraph with
        {
            Methods = [.. recorded.CallGraph.Methods.Where(m => !m.TypeFullName.EndsWith(".InventoryHub", StringComparison.Ordinal))],
        };
        var snapshot = recorded with
        {
            CallGraph = graph,
            Stacks = [.. recorded.Stacks.Select(s => s with { Request = connection })],
            Waits = [.. recorded.Waits.Select(w => w with { Request = connection })],
        };

        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("(inlined or generated code)", top.Method);
        Assert.Null(top.Site.Line);
        Assert.Contains("called by SignalR's hub dispatcher", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
        Assert.Contains("unresolved", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
        Assert.Equal("GET /hubs/inventory", EntryText.Of(top.Entry));
    }

    [Fact]
    public void A_hub_method_the_jit_kept_as_a_frame_is_named_with_the_hub_as_its_entry_not_the_connections_route()
    {
        // Tier-0 code, or a hub method too large to inline: the method is on the stack, under SignalR's delegate.
        string[] frames =
        [
            "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)",
            "System.Threading.Tasks.Task.SpinThenBlockingWait(int32,value class System.Threading.CancellationToken)",
            "System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)",
            "System.Threading.Tasks.Task`1[System.Int32].GetResultCore(bool)",
            "HubShop.Inventory.InventoryHub.GetStock(class System.String)",
            "dynamicClass.lambda_method1(class System.Runtime.CompilerServices.Closure,class System.Object,class System.Object[])",
            "Microsoft.AspNetCore.SignalR.Internal.DefaultHubDispatcher`1+<ExecuteMethod>d__22[System.__Canon].MoveNext()",
        ];
        var connection = new RequestContext("GET", "/hubs/inventory", "/hubs/inventory", "/hubs/inventory");

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot([Pool(1, 40, frames) with { Request = connection }])).Culprits);

        Assert.Equal("InventoryHub.GetStock", culprit.Method);
        Assert.Equal("hub InventoryHub.GetStock", EntryText.Of(culprit.Entry));
    }
}
