using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// Reads fixtures/packages as `stacks` read them on the machine that recorded them: the app's deps.json names the
/// packages, the app's own assembly (kept with the fixture) gives its IL, and the package and framework assemblies
/// are found here (the ShopKit packages and StackExchange.Redis are built with the tests; the framework is this
/// machine's) for their metadata.
/// </summary>
internal static class PackageFixtures
{
    public static string Directory { get; } = Path.Combine(AppContext.BaseDirectory, "fixtures", "packages");

    private static string App => Path.Combine(Directory, "app");

    private static string RateLimitedApi => Path.Combine(Directory, "rrl-app");

    private static string WarmedApp => Path.Combine(Directory, "app-warmed");

    private static string OrdersApp => Path.Combine(Directory, "orders-app");

    private static string MySqlApp => Path.Combine(Directory, "mysql-app");

    private static string HealthChecksApp => Path.Combine(Directory, "hc-app");

    private static string FixDataApp => Path.Combine(Directory, "fixdata-app");

    private static string RazorApp => Path.Combine(Directory, "razor-app");

    private static string ViewComponentApp => Path.Combine(Directory, "viewcomponent-app");

    private static string HubShopApp => Path.Combine(Directory, "hubshop-app");

    private static string SlackApp => Path.Combine(Directory, "slack-app");

    private static string QuotaApp => Path.Combine(Directory, "quota-app");

    private static string QuotaAppWarmed => Path.Combine(Directory, "quota-app-warmed");

    /// <summary>`/orders/42` of tests/apps/packaged/QuotaShop behind <c>UseRateLimiter</c> with ShopKit.QuotaLimiter
    /// 1.0.0 (scripts/stack-fixtures/record-quota.sh; build kept in quota-app): the public limiter's sync attempt calls
    /// the internal <c>QuotaClient.TryTake</c>, which waits on its internal twin with <c>.GetAwaiter().GetResult()</c>.
    /// Its report.json is tests/PoolDoctor.Fix.Tests/fixtures/quota-limiter-1.0.0.json.</summary>
    public static string QuotaLimiter => Path.Combine(Directory, "quota-limiter.nettrace.gz");

    /// <summary><see cref="QuotaLimiter"/> after 35 s at 4 connections (tier-1 code; `record-quota.sh OUT 35`, build kept
    /// in quota-app-warmed): guarded devirtualization inlined the package's limiter and <c>QuotaClient.TryTake</c> into
    /// the framework's <c>DefaultPartitionedRateLimiter.AttemptAcquireCore</c>, so no package frame is on the stack.</summary>
    public static string QuotaLimiterWarmed => Path.Combine(Directory, "quota-limiter-warmed.nettrace.gz");

    private static string FilterShopApp => Path.Combine(Directory, "filtershop-app");

    private static string RaygunApp => Path.Combine(Directory, "raygun-app");

    /// <summary>`POST /orders` of a minimal API using the public Mindscape.Raygun4Net.AspNetCore 11.0.3 (<c>UseRaygun</c>;
    /// built from its source before its fix; build kept in raygun-app), warmed 35 s at 4 connections, then `diagnose -p`:
    /// the package's <c>ThrottledBackgroundMessageProcessor.RaygunMessageWorker</c> loops on pool threads in
    /// <c>BlockingCollection.Take</c>.</summary>
    public static string RaygunWarmed => Path.Combine(Directory, "raygun-11.0.3-warmed.nettrace.gz");

    /// <summary>`/orders/{id}` of tests/apps/FilterShop under 125 connections (scripts/stack-fixtures/record-filtershop.sh
    /// with `before`: diagnose attached first, the capture taken on the early sign as the load arrived; build kept in
    /// filtershop-app): an MVC action filter waits on a SemaphoreSlim around <c>await next()</c>, and a hosted service's
    /// <c>Task.Factory.StartNew</c> loop holds one pool thread in <c>Thread.Sleep</c> from start-up. Its report.json,
    /// with the counter series, is filter-loop.report.json.</summary>
    public static string FilterLoop => Path.Combine(Directory, "filter-loop.nettrace.gz");

    /// <summary>`/builds/{id}/announce` of a minimal API written for the check that awaits <c>SbmClient.Send</c> of the
    /// public SlackBotMessages 2.0.0 (built from its source before its fix; its assembly is not kept): the package's
    /// async <c>ProcessRequest</c> reads <c>SendAsync(...).Result</c> before its first await, so <c>Send</c> blocks
    /// before it returns its task. Cold, `diagnose --load` under 125 connections; the build is kept in slack-app.</summary>
    public static string SlackBot => Path.Combine(Directory, "slackbotmessages-2.0.0.nettrace.gz");

    /// <summary><see cref="SlackBot"/> started alone, 30 s at 4 connections (tier-1 code), then `diagnose -p` under 125:
    /// <c>Send</c> and the builder frames are inlined into the user's lambda, whose next frame is the package's async body.</summary>
    public static string SlackBotWarmed => Path.Combine(Directory, "slackbotmessages-2.0.0-warmed.nettrace.gz");

    /// <summary>`/shop` of the same app grown by an MVC view that renders a view component
    /// (<c>@await Component.InvokeAsync("Cart", ...)</c>) whose sync <c>Invoke</c> reads <c>.Result</c> (build kept in
    /// viewcomponent-app), warmed 40 s at 4 connections, then `diagnose -p` under 125: MVC's view component invoker
    /// calls the delegate the component's <c>Invoke</c> was inlined into, while the request's action is the shop's.</summary>
    public static string ViewComponentWarmed => Path.Combine(Directory, "view-component-warmed.nettrace.gz");

    /// <summary>tests/apps/HubShop's <c>InventoryHub.GetStock</c> (reads <c>.Result</c> of an async repository) and
    /// <c>GetReserved</c> (awaits it), invoked in turn over 64 hub connections by tests/apps/HubShopClient after 35 s
    /// at 4, then `diagnose -p` (scripts/stack-fixtures/record-hubshop.sh; build kept in hubshop-app): SignalR's hub
    /// dispatcher calls the delegate <c>GetStock</c> was inlined into. Its report.json, with the counter series, is
    /// hub-method-warmed.report.json.</summary>
    public static string HubMethodWarmed => Path.Combine(Directory, "hub-method-warmed.nettrace.gz");

    /// <summary>`/Report` of a Razor Pages app written for the check (net10.0, Release; its assembly and PDB are kept in
    /// razor-app): <c>ReportModel.OnGet</c> calls <c>ReportService.Lines</c>, which reads <c>.Result</c> of an async
    /// call. Warmed 40 s at 4 connections, then `diagnose -p` under 125: ASP.NET Core's generated handler delegate
    /// (<c>dynamicClass.lambda_method20</c>) is the last frame above <c>Task.InternalWait</c>.</summary>
    public static string RazorPageWarmed => Path.Combine(Directory, "razor-page-warmed.nettrace.gz");

    /// <summary>`/products/cheap` of tests/apps/FixData: a lambda calls <c>ProductQueries.Cheap</c>, an EF Core query's
    /// <c>ToList()</c> on PostgreSQL; both were inlined into the endpoint's generated delegate.</summary>
    public static string FixDataCheap => Path.Combine(Directory, "fixdata-cheap.nettrace.gz");

    /// <summary>`/health` of a minimal API that registers the public AspNetCore.HealthChecks.Redis 2.2.3 (built from its
    /// source at the commit before its fix; its assembly is not kept) with <c>AddHealthChecks().AddRedis(...)</c>, warmed
    /// 40 s, then `diagnose -p` under 125 connections: the framework runs the check, so no user frame is on the stack.</summary>
    public static string HealthChecksWarmed => Path.Combine(Directory, "healthchecks-redis-2.2.3-warmed.nettrace.gz");

    /// <summary>`/orders/42` of a minimal API whose <c>OrderStore.GetTotalAsync</c> awaits <c>OpenAsync</c> and
    /// <c>ExecuteScalarAsync</c> of the public MySql.Data 8.0.19 (restored from NuGet, which the tests reference for its
    /// IL) against MariaDB: 8.0.19 overrides neither, so the base classes run <c>Open</c> and <c>ExecuteScalar</c>.</summary>
    public static string MySql => Path.Combine(Directory, "mysql-8.0.19.nettrace.gz");

    /// <summary><see cref="MySql"/> after 35 s at 4 connections (tier-1 code).</summary>
    public static string MySqlWarmed => Path.Combine(Directory, "mysql-8.0.19-warmed.nettrace.gz");

    /// <summary>`/orders/42/total` of tests/apps/packaged/PackagedOrders: its handler calls ShopKit.OrderStore's sync
    /// <c>OrderRepository.GetTotal</c>, which runs Npgsql's <c>ExecuteScalar</c> against a real PostgreSQL.</summary>
    public static string OrderStore => Path.Combine(Directory, "order-store.nettrace.gz");

    /// <summary><see cref="OrderStore"/> after 35 s at 4 connections (tier-1 code).</summary>
    public static string OrderStoreWarmed => Path.Combine(Directory, "order-store-warmed.nettrace.gz");

    /// <summary>`/orders/42` as <see cref="RedisWindow"/>, after 35 s of load at 4 connections (tier-1 code): the Redis
    /// client's <c>ExecuteSyncImpl</c> and its wait are compiled into <c>RedisBase.ExecuteSync</c>, the stack's top frame.</summary>
    public static string RedisWindowWarmed => Path.Combine(Directory, "redis-window-warmed.nettrace.gz");

    /// <summary>`/audited/orders/42` as <see cref="AuditLog"/>, after the same warm-up.</summary>
    public static string AuditLogWarmed => Path.Combine(Directory, "audit-log-warmed.nettrace.gz");

    /// <summary>`/orders/42` behind UseRateLimiter with ShopKit.RedisWindow over StackExchange.Redis and a real Redis.</summary>
    public static string RedisWindow => Path.Combine(Directory, "redis-window.nettrace.gz");

    /// <summary>`/audited/orders/42`: ILogger.LogInformation into the ShopKit.AuditLog sink, which waits on an HTTP post.</summary>
    public static string AuditLog => Path.Combine(Directory, "audit-log.nettrace.gz");

    /// <summary>`/orders/42` of RateLimitedApi behind the public RedisRateLimiting 1.0.11 (built from its source at the
    /// commit before its fix) over StackExchange.Redis 2.7.27 and a real Redis.</summary>
    public static string RedisRateLimiting => Path.Combine(Directory, "redisratelimiting-1.0.11.nettrace.gz");

    public static StackSnapshot Read(string path)
    {
        var app = path == RedisRateLimiting ? RateLimitedApi
            : path == RedisWindowWarmed || path == AuditLogWarmed ? WarmedApp
            : path == OrderStore || path == OrderStoreWarmed ? OrdersApp
            : path == MySql || path == MySqlWarmed ? MySqlApp
            : path == HealthChecksWarmed ? HealthChecksApp
            : path == FixDataCheap ? FixDataApp
            : path == RazorPageWarmed ? RazorApp
            : path == ViewComponentWarmed ? ViewComponentApp
            : path == HubMethodWarmed ? HubShopApp
            : path == SlackBot || path == SlackBotWarmed ? SlackApp
            : path == QuotaLimiter ? QuotaApp
            : path == QuotaLimiterWarmed ? QuotaAppWarmed
            : path == FilterLoop ? FilterShopApp
            : path == RaygunWarmed ? RaygunApp
            : App;
        var snapshot = NettraceStackReader.Read(path, symbolsDirectory: app);
        var deps = System.IO.Directory.GetFiles(app, "*.deps.json").Single();
        // Every folder but the shared framework's is the app's (the recording machine's temporary app folder, or the
        // local copies the symbols folder and the test binaries stand in with): the app's deps.json speaks for them.
        var modules = ModuleOriginReader.Classify(
                snapshot.Modules.Select(m => new LoadedModule(m.Name, m.Path)),
                directory => ModuleOriginReader.IsSharedFramework(directory + "/") ? [] : [deps])
            .Select(m => m with { Path = LocalCopy(m, app) })
            .ToList();
        var frames = snapshot.Stacks.SelectMany(s => s.Frames).Concat(snapshot.Waits.SelectMany(w => w.Frames));
        var leaves = LeafLibraryGraph.Read(snapshot with { Modules = modules });
        var declared = DeclaredApiReader.Read(frames.Concat(LeafLibraryGraph.PackageMembers(leaves, modules)), modules);
        return snapshot with { Modules = modules, DeclaredApis = declared, LeafLibraryCallGraph = leaves };
    }

    // The framework's recorded path when this machine has it, a copy in the fixture's app folder or beside the tests,
    // else one in this runtime. The recording's temporary app folder may still exist here: never read from it, so the
    // tests see what CI sees.
    private static string LocalCopy(ModuleInfo module, string app)
    {
        var folder = Path.GetDirectoryName(module.Path) ?? "";
        if (File.Exists(module.Path) && (ModuleOriginReader.IsSharedFramework(module.Path) || folder == app
            || folder == Path.TrimEndingDirectorySeparator(AppContext.BaseDirectory)))
        {
            return module.Path;
        }
        var file = module.Name + ".dll";
        string[] folders =
        [
            AppContext.BaseDirectory,
            System.Runtime.InteropServices.RuntimeEnvironment.GetRuntimeDirectory(),
            Path.GetDirectoryName(typeof(Microsoft.Extensions.Logging.LoggerExtensions).Assembly.Location)!,
        ];
        // The trace may spell a package's module in the packages folder's lower case (`shopkit.rediswindow`).
        return folders.Select(f => Path.Combine(f, file)).FirstOrDefault(File.Exists)
            ?? folders.SelectMany(f => System.IO.Directory.EnumerateFiles(f, "*.dll"))
                .FirstOrDefault(p => string.Equals(Path.GetFileName(p), file, StringComparison.OrdinalIgnoreCase))
            ?? "";
    }
}
