using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab;

/// <summary>Hosts the lab on Kestrel; shared by `dotnet-pooldoctor lab` and samples/DiagnosticScenarios.</summary>
public static class LabApp
{
    /// <summary>The line printed once Kestrel listens; tests and the demo wait for it to learn the address.</summary>
    public const string ReadyPrefix = "PoolDoctor lab listening on ";

    public static WebApplication Build(LabOptions options)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.WebHost.UseUrls([.. options.Urls]);
        // Request logging would cost more than the hello endpoint itself and skew throughput runs.
        builder.Logging.ClearProviders();
        builder.Logging.AddSimpleConsole().SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddSingleton<ILabDatabase>(_ => CreateDatabase(options.ConnectionString));
        // Named explicitly: the lab is a library, and MVC only scans the entry assembly's dependency graph by itself.
        builder.Services.AddControllers().AddApplicationPart(typeof(Mvc.DiagScenarioController).Assembly);
        var app = builder.Build();
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
        Console.WriteLine($"{ReadyPrefix}{string.Join(' ', addresses)} (database: {database.Kind}, pid {Environment.ProcessId})");
        await app.WaitForShutdownAsync(cancellationToken);
    }

    private static ILabDatabase CreateDatabase(string? connectionString) =>
        connectionString is null
            ? new SimulatedLabDatabase(LabDatabaseDefaults.QueryDelay)
            : new PostgresLabDatabase(connectionString);
}
