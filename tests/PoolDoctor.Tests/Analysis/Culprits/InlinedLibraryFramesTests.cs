using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// The mechanism behind the warmed rate limiter (WarmedPackageFixtureTests), on other components: a framework frame
/// whose IL at its sampled offset dispatches to a package's or the app's code that tier-1 code inlined into it. The
/// assemblies here are small made-up graphs; the names say the shape (a health-check service, a middleware pipeline).
/// </summary>
public sealed class InlinedLibraryFramesTests
{
    private static readonly StackFrame Wait = new("System.Private.CoreLib", "System.Threading.Monitor.Wait");

    private static readonly StackFrame[] PoolBottom =
    [
        new("System.Private.CoreLib", "System.Threading.ThreadPoolWorkQueue.Dispatch"),
        new("System.Private.CoreLib", "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart"),
    ];

    private static readonly StackFrame SendSync = new("Acme.Client", "Acme.Client.Connection.SendSync") { MethodToken = 0x06000002, IlOffset = 4 };

    private static readonly IlMethod[] Client =
    [
        new("Acme.Client", "Acme.Client.Connection", "Ping", 0x06000004, [new IlCall(3, IlCallKind.Call, "Acme.Client.Connection", "SendSync")]),
        new("Acme.Client", "Acme.Client.Connection", "SendSync", 0x06000002, [new IlCall(4, IlCallKind.Call, "System.Threading.Monitor", "Wait")]),
    ];

    private static readonly IlType[] ClientTypes = [new("Acme.Client", "Acme.Client", "Acme.Client.Connection", "System.Object", [])];

    private static readonly ModuleInfo[] Modules =
    [
        new("System.Private.CoreLib", "/fw/System.Private.CoreLib.dll", ModuleOrigin.Framework),
        new("Fw.Hosting", "/fw/Fw.Hosting.dll", ModuleOrigin.Framework),
        new("Acme.Checks", "/app/Acme.Checks.dll", ModuleOrigin.Package) { Package = new PackageRef("Acme.Checks", "2.2.3", true) },
        new("Acme.Client", "/app/Acme.Client.dll", ModuleOrigin.Package) { Package = new PackageRef("Acme.Client", "2.0.0", false) },
        new("Shop", "/app/Shop.dll", ModuleOrigin.App),
    ];

    private static StackSnapshot Snapshot(StackFrame framework, CallGraph libraries, CallGraph? app = null) =>
        new(1, 1, [new ThreadStack(7, [Wait, SendSync, framework, .. PoolBottom], 10)], [])
        {
            Modules = Modules,
            LeafLibraryCallGraph = libraries,
            CallGraph = app ?? CallGraph.Empty,
        };

    [Fact]
    public void A_health_check_service_that_inlined_a_packaged_check_gets_the_check_back()
    {
        var runCheck = new StackFrame("Fw.Hosting", "Fw.Hosting.HealthCheckService.RunCheck") { MethodToken = 0x06000001, IlOffset = 0x10 };
        var graph = new CallGraph(
            [
                new("Fw.Hosting", "Fw.Hosting.HealthCheckService", "RunCheck", 0x06000001,
                    [new IlCall(0x08, IlCallKind.Call, "Fw.Hosting.HealthCheckService", "Log"), new IlCall(0x10, IlCallKind.CallVirt, "Fw.Hosting.IHealthCheck", "Check")]),
                new("Fw.Hosting", "Fw.Hosting.HealthCheckService", "Log", 0x06000005, []),
                new("Acme.Checks", "Acme.Checks.PingCheck", "Check", 0x06000003, [new IlCall(5, IlCallKind.Call, "Acme.Client.Connection", "Ping")]),
                .. Client,
            ],
            [
                new("Fw.Hosting", "Fw.Hosting", "Fw.Hosting.IHealthCheck", null, []),
                new("Acme.Checks", "Acme.Checks", "Acme.Checks.PingCheck", "System.Object", ["Fw.Hosting.IHealthCheck"]),
                .. ClientTypes,
            ]);

        var stack = InlinedLeafFrames.Restore(Snapshot(runCheck, graph)).Stacks[0];

        Assert.Equal(["Acme.Client.Connection.Ping", "Acme.Checks.PingCheck.Check"], stack.Frames.Skip(2).Take(2).Select(f => f.Method));
        Assert.Same(runCheck, stack.Frames[4]);
        var top = CulpritAnalyzer.Analyze(Snapshot(runCheck, graph)).Culprits[0];
        Assert.Equal("PingCheck.Check", top.Method);
        Assert.Equal(new PackageRef("Acme.Checks", "2.2.3", true), top.Package);
        Assert.Equal("Connection.Ping", top.Api);
    }

    [Fact]
    public void A_middleware_pipeline_that_inlined_the_apps_middleware_gets_it_back()
    {
        var invoke = new StackFrame("Fw.Hosting", "Fw.Hosting.MiddlewarePipeline.Invoke") { MethodToken = 0x06000001, IlOffset = 0 };
        var framework = new CallGraph(
            [new("Fw.Hosting", "Fw.Hosting.MiddlewarePipeline", "Invoke", 0x06000001, [new IlCall(2, IlCallKind.CallVirt, "Fw.Hosting.IMiddleware", "InvokeAsync")]), .. Client],
            [new("Fw.Hosting", "Fw.Hosting", "Fw.Hosting.IMiddleware", null, []), .. ClientTypes]);
        var app = new CallGraph(
            [new("Shop", "Shop.AuditMiddleware", "InvokeAsync", 0x06000009, [new IlCall(7, IlCallKind.CallVirt, "Acme.Client.Connection", "SendSync")])],
            [new("Shop", "Shop", "Shop.AuditMiddleware", "System.Object", ["Fw.Hosting.IMiddleware"])]);

        var stack = InlinedLeafFrames.Restore(Snapshot(invoke, framework, app)).Stacks[0];

        // The app's middleware calls the client's SendSync itself: it is put between the two, and nothing else.
        Assert.Equal(new StackFrame("Shop", "Shop.AuditMiddleware.InvokeAsync"), stack.Frames[2]);
        Assert.Same(invoke, stack.Frames[3]);
        Assert.Equal(6, stack.Frames.Count);
    }

    [Fact]
    public void A_packaged_check_that_called_the_clients_public_entry_gets_that_entry_back()
    {
        // The warmed HealthChecks.Redis shape: the check's statement calls the client's Ping, whose body (down to
        // SendSync) tier-1 code inlined into the check; the entry is what names the blocking API and its twin.
        var check = new StackFrame("Acme.Checks", "Acme.Checks.PingCheck.Check") { MethodToken = 0x06000003, IlOffset = 0 };
        var graph = new CallGraph(
            [
                new("Acme.Checks", "Acme.Checks.PingCheck", "Check", 0x06000003,
                    [new IlCall(1, IlCallKind.Call, "Acme.Client.Connection", "Open"), new IlCall(5, IlCallKind.Call, "Acme.Client.Connection", "Ping")]),
                new("Acme.Client", "Acme.Client.Connection", "Open", 0x06000007, []),
                .. Client,
            ],
            [.. ClientTypes]);

        var stack = InlinedLeafFrames.Restore(Snapshot(check, graph)).Stacks[0];

        // Open enters the client too, but does not lead to SendSync: Ping is the entry.
        Assert.Equal(new StackFrame("Acme.Client", "Acme.Client.Connection.Ping"), stack.Frames[2]);
        Assert.Same(check, stack.Frames[3]);
        var top = CulpritAnalyzer.Analyze(Snapshot(check, graph)).Culprits[0];
        Assert.Equal("PingCheck.Check", top.Method);
        Assert.Equal("Connection.Ping", top.Api);
    }

    [Fact]
    public void A_framework_frame_that_calls_the_package_itself_is_left_as_it_was()
    {
        var caller = new StackFrame("Fw.Hosting", "Fw.Hosting.Runner.Run") { MethodToken = 0x06000001, IlOffset = 0 };
        var graph = new CallGraph(
            [new("Fw.Hosting", "Fw.Hosting.Runner", "Run", 0x06000001, [new IlCall(1, IlCallKind.Call, "Acme.Client.Connection", "SendSync")]), .. Client],
            [.. ClientTypes]);

        var snapshot = Snapshot(caller, graph);
        Assert.Equal(snapshot.Stacks[0].Frames, InlinedLeafFrames.Restore(snapshot).Stacks[0].Frames);
    }

    [Fact]
    public void A_path_through_the_framework_alone_adds_nothing()
    {
        // Only framework methods between the two: nothing the user or a package owns was inlined, nothing to name.
        var caller = new StackFrame("Fw.Hosting", "Fw.Hosting.Runner.Run") { MethodToken = 0x06000001, IlOffset = 0 };
        var graph = new CallGraph(
            [
                new("Fw.Hosting", "Fw.Hosting.Runner", "Run", 0x06000001, [new IlCall(1, IlCallKind.Call, "Fw.Hosting.Runner", "Step")]),
                new("Fw.Hosting", "Fw.Hosting.Runner", "Step", 0x06000006, [new IlCall(1, IlCallKind.Call, "Acme.Client.Connection", "SendSync")]),
                .. Client,
            ],
            [.. ClientTypes]);

        var snapshot = Snapshot(caller, graph);
        Assert.Equal(snapshot.Stacks[0].Frames, InlinedLeafFrames.Restore(snapshot).Stacks[0].Frames);
    }

    private static CallGraph Checks(params (string Type, int Token, IlCall[] Calls)[] checks) => new(
        [
            new("Fw.Hosting", "Fw.Hosting.HealthCheckService", "RunCheck", 0x06000001,
                [new IlCall(0x08, IlCallKind.Call, "Fw.Hosting.HealthCheckService", "Log"), new IlCall(0x10, IlCallKind.CallVirt, "Fw.Hosting.IHealthCheck", "Check")])
            {
                SequencePoints = [new IlSequencePoint(0x00, "/fw/HealthCheckService.cs", 10), new IlSequencePoint(0x0c, "/fw/HealthCheckService.cs", 11)],
            },
            new("Fw.Hosting", "Fw.Hosting.HealthCheckService", "Log", 0x06000005, []),
            new("Fw.Hosting", "Fw.Hosting.Retry", "Run", 0x06000007, [new IlCall(2, IlCallKind.Call, "Acme.Client.Connection", "Ping")]),
            .. checks.Select(c => new IlMethod(c.Type.StartsWith("Acme", StringComparison.Ordinal) ? "Acme.Checks" : "Fw.Hosting", c.Type, "Check", c.Token, c.Calls)),
            .. Client,
        ],
        [
            new("Fw.Hosting", "Fw.Hosting", "Fw.Hosting.IHealthCheck", null, []),
            .. checks.Select(c => new IlType(c.Type.StartsWith("Acme", StringComparison.Ordinal) ? "Acme.Checks" : "Fw.Hosting",
                c.Type[..c.Type.IndexOf('.', 5)], c.Type, "System.Object", ["Fw.Hosting.IHealthCheck"])),
            .. ClientTypes,
        ]);

    private static readonly (string, int, IlCall[]) PingCheck = ("Acme.Checks.PingCheck", 0x06000003, [new IlCall(5, IlCallKind.Call, "Acme.Client.Connection", "Ping")]);

    // The framework's own check, listed first, reaches the client too, through one more call.
    private static readonly (string, int, IlCall[]) RetryingCheck = ("Fw.Hosting.RetryingCheck", 0x06000008, [new IlCall(1, IlCallKind.Call, "Fw.Hosting.Retry", "Run")]);

    [Fact]
    public void A_frame_whose_statement_is_unknown_tries_all_its_calls()
    {
        // A dump's tier-1 frame: the method is known, the statement is not.
        var runCheck = new StackFrame("Fw.Hosting", "Fw.Hosting.HealthCheckService.RunCheck") { MethodToken = 0x06000001 };

        var stack = InlinedLeafFrames.Restore(Snapshot(runCheck, Checks(PingCheck))).Stacks[0];

        Assert.Equal(["Acme.Client.Connection.Ping", "Acme.Checks.PingCheck.Check"], stack.Frames.Skip(2).Take(2).Select(f => f.Method));
    }

    [Fact]
    public void The_shortest_path_through_the_overrides_is_restored_not_a_longer_one_through_another_override()
    {
        var runCheck = new StackFrame("Fw.Hosting", "Fw.Hosting.HealthCheckService.RunCheck") { MethodToken = 0x06000001, IlOffset = 0x0c };

        var stack = InlinedLeafFrames.Restore(Snapshot(runCheck, Checks(RetryingCheck, PingCheck))).Stacks[0];

        Assert.Equal(["Acme.Client.Connection.Ping", "Acme.Checks.PingCheck.Check"], stack.Frames.Skip(2).Take(2).Select(f => f.Method));
        Assert.DoesNotContain(stack.Frames, f => f.Method.Contains("Retry", StringComparison.Ordinal));
    }

    [Fact]
    public void Two_different_paths_of_the_same_length_restore_nothing()
    {
        var runCheck = new StackFrame("Fw.Hosting", "Fw.Hosting.HealthCheckService.RunCheck") { MethodToken = 0x06000001, IlOffset = 0x0c };
        var otherCheck = ("Acme.Checks.SlowPingCheck", 0x06000009, new[] { new IlCall(7, IlCallKind.Call, "Acme.Client.Connection", "Ping") });

        var snapshot = Snapshot(runCheck, Checks(PingCheck, otherCheck));

        Assert.Equal(snapshot.Stacks[0].Frames, InlinedLeafFrames.Restore(snapshot).Stacks[0].Frames);
    }

    // A dump of a warmed client: its sync call's helper and the wait were compiled into the frame at the stack's top,
    // and the dump gives that tier-1 frame no statement.
    private static CallGraph ClientWithHelpers(bool secondBlockingPath) => new(
        [
            new("Acme.Client", "Acme.Client.Connection", "ExecuteSync", 0x06000010,
            [
                new IlCall(2, IlCallKind.Call, "Acme.Client.Connection", "Prepare"),
                new IlCall(9, IlCallKind.Call, "Acme.Client.Connection", "ExecuteSyncImpl"),
                .. secondBlockingPath ? [new IlCall(20, IlCallKind.Call, "Acme.Client.Connection", "Drain")] : Array.Empty<IlCall>(),
            ]),
            new("Acme.Client", "Acme.Client.Connection", "Prepare", 0x06000011, []),
            new("Acme.Client", "Acme.Client.Connection", "ExecuteSyncImpl", 0x06000012, [new IlCall(4, IlCallKind.Call, "System.Threading.Monitor", "Wait")]),
            new("Acme.Client", "Acme.Client.Connection", "Drain", 0x06000013, [new IlCall(4, IlCallKind.Call, "System.Threading.Thread", "Sleep")]),
        ],
        [.. ClientTypes]);

    [Theory]
    [InlineData(false, true)]
    [InlineData(true, false)]
    public void A_leaf_whose_statement_is_unknown_is_restored_only_when_one_blocking_path_exists(bool secondBlockingPath, bool restored)
    {
        var leaf = new StackFrame("Acme.Client", "Acme.Client.Connection.ExecuteSync") { MethodToken = 0x06000010 };
        var snapshot = new StackSnapshot(1, 1, [new ThreadStack(7, [leaf, .. PoolBottom], 10)], [])
        {
            Modules = Modules,
            LeafLibraryCallGraph = ClientWithHelpers(secondBlockingPath),
        };

        var frames = InlinedLeafFrames.Restore(snapshot).Stacks[0].Frames;

        Assert.Equal(restored ? ["System.Threading.Monitor.Wait", "Acme.Client.Connection.ExecuteSyncImpl", leaf.Method] : [leaf.Method],
            frames.Take(restored ? 3 : 1).Select(f => f.Method));
    }
}
