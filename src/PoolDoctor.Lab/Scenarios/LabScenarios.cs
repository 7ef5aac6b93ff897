using static PoolDoctor.Lab.Scenarios.LabBlockingKind;

namespace PoolDoctor.Lab.Scenarios;

/// <summary>
/// Every lab scenario in both hosts, with what a correct diagnosis says: the one place that knows the lab's routes,
/// their fixed twins and the expected call sites. The demo, the smoke tests and the corpus read it from here.
/// </summary>
public static class LabScenarios
{
    public static IReadOnlyList<LabScenario> All { get; } = [.. For(LabHost.Mvc), .. For(LabHost.Minimal), .. Grpc()];

    /// <summary>The five ways to call the database, in the order the demo's `--db` table shows them.</summary>
    public static IReadOnlyList<string> DatabaseVariants { get; } = ["db/sync", "db/asyncoversync", "db/taskrun", "db/syncoverasync", "db/async"];

    /// <summary>Routes only the minimal host has: handler shapes an MVC action has no counterpart for.</summary>
    public static IReadOnlyList<string> MinimalOnlyRoutes { get; } = [.. HandlerShapes(template => template).Select(s => s.Route)];

    public static IEnumerable<LabScenario> Blocking(LabHost host) => All.Where(s => s.Host == host && s.Blocking);

    public static LabScenario? Find(LabHost host, string route) =>
        All.FirstOrDefault(s => s.Host == host && string.Equals(s.Route, route, StringComparison.Ordinal));

    /// <summary>
    /// The gRPC service: a unary method whose service calls a ledger doing <c>.Wait()</c>, and its awaiting twin. Loaded
    /// with <c>--grpc</c> on the lab's h2c port; ASP.NET Core names a gRPC endpoint by its HTTP method and path.
    /// </summary>
    private static IEnumerable<LabScenario> Grpc() =>
    [
        new(LabHost.Grpc, "Check", "a gRPC unary method whose service calls a ledger doing .Wait() on its async query",
            "WarehouseLedger.Count", SyncOverAsync, $"POST {LabRoutes.GrpcService}/Check", "CheckAsync"),
        new(LabHost.Grpc, "CheckAsync", "the gRPC method awaiting the ledger's async query"),
    ];

    /// <summary>
    /// Minimal-API handler shapes (<c>HandlerShapeEndpoints</c>): named static and instance method groups, a lambda and a
    /// local function, each calling code that blocks; in tier-1 code the JIT may inline that code into the handler.
    /// </summary>
    private static LabScenario[] HandlerShapes(Func<string, string> get) =>
    [
        new(LabHost.Minimal, "invoices/7", "a static method group whose static service calls a store doing GetAwaiter().GetResult()",
            "InvoiceStore.Load", SyncOverAsync, get("invoices/{id:int}"), "taskasyncwait"),
        new(LabHost.Minimal, "orders/7", "an instance method group calling a client doing .Result",
            "OrderStatusClient.Status", SyncOverAsync, get("orders/{id:int}"), "taskasyncwait"),
        new(LabHost.Minimal, "reports/monday", "a lambda calling a small static helper doing .Result",
            "DailyReports.For", SyncOverAsync, get("reports/{day}"), "taskasyncwait"),
        new(LabHost.Minimal, "stock/sku-1", "a local function calling the ledger doing .Wait()",
            "WarehouseLedger.Count", SyncOverAsync, get("stock/{sku}"), "taskasyncwait"),
    ];

    private static IEnumerable<LabScenario> For(LabHost host)
    {
        var endpoints = host == LabHost.Mvc ? "DiagScenarioController" : "MinimalScenarios";
        var prefix = host == LabHost.Mvc ? LabRoutes.Mvc : LabRoutes.Minimal;
        string Get(string template) => $"GET {prefix}/{template}";
        // The call site is the method that calls the blocking API: for the sync database calls that is the embedded
        // driver's command (the lab's own code, like a hand-written client), not the endpoint that called it.
        LabScenario Tutorial(string route, string method, LabBlockingKind kind, string pattern, bool serverSized = false, string? callSite = null) =>
            new(host, route, pattern, callSite ?? $"{endpoints}.{method}", kind, Get(route), route.StartsWith("db/", StringComparison.Ordinal) ? "db/async" : "taskasyncwait", serverSized);
        const string DriverCommand = "SimulatedDbCommand.ExecuteNonQuery";
        LabScenario Shop(string route, string pattern, string callSite, LabBlockingKind kind, string? entry = null) =>
            new(host, route, pattern, callSite, kind, entry ?? Get(route), route.Replace("/sync", "/async", StringComparison.Ordinal), BackgroundRun: entry is not null);
        LabScenario Healthy(string route, string pattern, bool background = false) => new(host, route, pattern, BackgroundRun: background);

        return
        [
            // Microsoft's DiagnosticScenarios tutorial and the other blockers of the first lab.
            Tutorial("taskwait", "TaskWait", SyncOverAsync, "Task.Result on an async call"),
            Tutorial("tasksleepwait", "TaskSleepWait", Sleep, "polls an async call with Thread.Sleep(10)"),
            Tutorial("getresult", "GetResult", SyncOverAsync, "GetAwaiter().GetResult() on an async call"),
            Tutorial("wait", "Wait", SyncOverAsync, "Task.Wait() on an async call"),
            Tutorial("lock", "LockConvoy", LabBlockingKind.Lock, "a lock held across Thread.Sleep", serverSized: true),
            Tutorial("semaphore", "SemaphoreWait", SyncWait, "SemaphoreSlim(4).Wait() around Thread.Sleep", serverSized: true),
            Tutorial("sleep", "Sleep", Sleep, "Thread.Sleep"),
            Tutorial("db/sync", "DbSync", SyncIO, "the database driver's sync API", callSite: DriverCommand),
            Tutorial("db/asyncoversync", "DbAsyncOverSync", SyncIO, "an async action calling the driver's sync API", callSite: DriverCommand),
            Tutorial("db/taskrun", "DbTaskRun", SyncIO, "Task.Run around the driver's sync API", callSite: DriverCommand) with { Entry = $"lambda in {endpoints}.DbTaskRun" },
            Tutorial("db/syncoverasync", "DbSyncOverAsync", SyncOverAsync, "Task.Wait() on the driver's async API"),

            // What real services do.
            new(host, "customers/42", "endpoint → CustomerService → CustomerRepository → GetAwaiter().GetResult()",
                "CustomerRepository.Load", SyncOverAsync, Get("customers/{id}"), "customers/42/async"),
            Shop("queue/sync", "waits with ManualResetEventSlim.Wait for a single dedicated worker thread", "ReportQueue.Render", SyncWait),
            Shop("middleware/sync", "inline middleware (app.Use) doing .Result, on its own path only", "TenantMiddleware.UseTenantLookup", SyncOverAsync),
            host == LabHost.Mvc
                ? Shop("filter/sync", "an IActionFilter doing .Result on one action", "QuotaFilter.OnActionExecuting", SyncOverAsync)
                : Shop("filter/sync", "an IEndpointFilter doing .Result on one endpoint", "QuotaEndpointFilter.InvokeAsync", SyncOverAsync),
            Shop("http/sync", "HttpClient.Send to a slow loopback API", "PricingClient.GetPrice", SyncIO),
            Shop("stream/sync", "a sync NetworkStream read from a slow loopback feed", "InventoryFeed.ReadStock", SyncIO),
            new(host, "tenant/sync", "a scoped service built per request by a DI factory lambda doing .Result",
                "LabApp.AddShop", SyncOverAsync, Get("tenant/sync"), "tenant/async"),
            .. host == LabHost.Minimal ? HandlerShapes(Get) : [],
            Shop("timer/sync", "a System.Threading.Timer callback doing .Result every 10 ms (the route starts it; it stops by itself)",
                "PriceRefreshTimer.OnTick", SyncOverAsync, entry: "timer callback PriceRefreshTimer.OnTick"),
            Shop("worker/sync", "a BackgroundService whose 64 consumers do .Wait() (the route starts it; it stops by itself)",
                "StockSyncWorker.SyncStock", SyncOverAsync, entry: "lambda in StockSyncWorker.RunAsync"),

            // Negatives: fixed twins and routes that must never read as starvation.
            Healthy("taskasyncwait", "awaits the async call (the tutorial's fix)"),
            Healthy("db/async", "awaits the driver's async API"),
            Healthy("customers/42/async", "async all the way: endpoint → service → repository"),
            Healthy("queue/async", "awaits a TaskCompletionSource completed by the single worker"),
            Healthy("middleware/async", "async inline middleware"),
            Healthy("tenant/async", "awaits the tenant directory instead of taking the factory-built tenant"),
            Healthy("filter/async", host == LabHost.Mvc ? "an IAsyncActionFilter" : "an async IEndpointFilter"),
            Healthy("http/async", "HttpClient.SendAsync to the slow loopback API"),
            Healthy("stream/async", "NetworkStream.ReadAsync from the slow loopback feed"),
            Healthy("timer/async", "a timer callback that starts the refresh without waiting for it", background: true),
            Healthy("worker/async", "a BackgroundService whose consumers await", background: true),
            Healthy("slowasync", "awaits two 500 ms dependencies at once"),
            Healthy("alloc", "allocation-heavy async export (a few MB per request)"),
            Healthy("cpu/20", "20 ms of busy CPU per request"),
            Healthy("hello", "returns a constant"),
        ];
    }
}
