using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>
/// The handler shapes minimal-API services are written in, each blocking below it: a static method group, an instance
/// method group, a lambda calling a small static helper, a local function, and a lambda taking a service a DI factory
/// builds per request.
/// </summary>
public static class HandlerShapeEndpoints
{
    public static RouteGroupBuilder MapHandlerShapes(this IEndpointRouteBuilder app)
    {
        var shop = app.MapGroup(LabRoutes.Minimal);
        shop.MapGet("invoices/{id:int}", InvoicesEndpoint.Get);

        var orders = app.ServiceProvider.GetRequiredService<OrderLookup>();
        shop.MapGet("orders/{id:int}", orders.Find);

        shop.MapGet("reports/{day}", (string day) => $"success:reports {DailyReports.For(day)}");

        shop.MapGet("stock/{sku}", CheckStock);

        shop.MapGet("tenant/sync", (TenantContext tenant) => $"success:tenant/sync {tenant.Tenant}");
        shop.MapGet("tenant/async", async (TenantDirectory directory) => $"success:tenant/async {await directory.FindAsync("shop")}");
        return shop;

        static string CheckStock(string sku, WarehouseLedger ledger) => $"success:stock {sku} {ledger.Count(sku)}";
    }
}
