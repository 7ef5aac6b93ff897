using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using PoolDoctor.Lab.Background;
using PoolDoctor.Lab.Database;
using PoolDoctor.Lab.Loopback;
using PoolDoctor.Lab.Middleware;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab;

/// <summary>Hosts the lab on Kestrel; shared by `dotnet-pooldoctor lab` and samples/DiagnosticScenarios.</summary>
public static class LabApp
{
    /// <summary>The line printed once Kestrel listens; tests and the demo wait for it to learn the address.</summary>
    public const string ReadyPrefix = "PoolDoctor lab listening on ";

    public static WebApplication Build(LabOptions options)
    {
        // The content root is the lab's own folder, never the working directory: the host watches its content root
        // recursively, and started from / (a container's usual WORKDIR) that walked the whole file system, /proc
        // included, before Kestrel listened (21 s against 2 s on the 2-core test machine).
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [], ContentRootPath = AppContext.BaseDirectory });
        builder.WebHost.UseUrls([.. options.Urls, .. options.GrpcUrls]);
        // gRPC needs HTTP/2, and without TLS (no ALPN) Kestrel serves HTTP/2 only on an endpoint that allows nothing else.
        var grpcPorts = options.GrpcUrls.Select(u => new Uri(u).Port).ToHashSet();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.ConfigureEndpointDefaults(listen =>
        {
            if (listen.IPEndPoint is { } endpoint && grpcPorts.Contains(endpoint.Port))
            {
                listen.Protocols = HttpProtocols.Http2;
            }
        }));
        // Request logging would cost more than the hello endpoint itself and skew throughput runs.
        builder.Logging.ClearProviders();
        builder.Logging.AddSimpleConsole().SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddSingleton<ILabDatabase>(_ => CreateDatabase(options.ConnectionString));
        // Named explicitly: the lab is a library, and MVC only scans the entry assembly's dependency graph by itself.
        builder.Services.AddControllers().AddApplicationPart(typeof(Mvc.DiagScenarioController).Assembly);
        AddShop(builder.Services);
        builder.Services.AddGrpc();
        var app = builder.Build();
        app.UseTenantLookup(LabRoutes.Mvc + "/middleware/sync", LabRoutes.Minimal + "/middleware/sync");
        app.UseTenantLookupAsync(LabRoutes.Mvc + "/middleware/async", LabRoutes.Minimal + "/middleware/async");
        LabEndpoints.Map(app);
        return app;
    }

    public static async Task RunAsync(LabOptions options, CancellationToken cancellationToken = default)
    {
        await using var app = Build(options);
        var database = app.Services.GetRequiredService<ILabDatabase>();
        if (database is PostgresLabDatabase postgres)
        {
            postgres.CheckReachable();
        }
        await app.StartAsync(cancellationToken);
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
        var grpc = options.GrpcUrls.Count == 0 ? "" : $"gRPC h2c: {string.Join(' ', options.GrpcUrls)}; ";
        Console.WriteLine($"{ReadyPrefix}{string.Join(' ', addresses)} ({grpc}database: {database.Kind}, pid {Environment.ProcessId})");
        await app.WaitForShutdownAsync(cancellationToken);
    }

    /// <summary>The services behind the shop routes, registered the way a service registers its own.</summary>
    private static void AddShop(IServiceCollection services)
    {
        services.AddSingleton<SlowDependencies>();
        services.AddSingleton(sp => new PricingClient(new HttpClient { BaseAddress = sp.GetRequiredService<SlowDependencies>().PricingApi }));
        services.AddSingleton(sp => new InventoryFeed(sp.GetRequiredService<SlowDependencies>().InventoryFeed));
        services.AddScoped<CustomerRepository>();
        services.AddScoped<CustomerService>();
        services.AddSingleton<ReportQueue>();
        services.AddSingleton<TenantDirectory>();
        services.AddScoped(sp => new TenantContext(sp.GetRequiredService<TenantDirectory>().FindAsync("shop").Result));
        services.AddSingleton(new OrderStatusClient(LabDatabaseDefaults.QueryDelay));
        services.AddSingleton<OrderLookup>();
        services.AddSingleton<QuotaService>();
        services.AddSingleton<StockFeed>();
        services.AddSingleton<WarehouseLedger>();
        services.AddSingleton<PriceRefreshTimer>();
        services.AddSingleton<StockSyncWorker>();
        services.AddHostedService(sp => sp.GetRequiredService<StockSyncWorker>());
    }

    private static ILabDatabase CreateDatabase(string? connectionString) =>
        connectionString is null
            ? new SimulatedLabDatabase(LabDatabaseDefaults.QueryDelay)
            : new PostgresLabDatabase(connectionString);
}
