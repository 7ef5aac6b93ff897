using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using PoolDoctor.Lab.Background;
using PoolDoctor.Lab.Middleware;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>The patterns real services have, as minimal APIs over injected services, each with its fixed twin (`/async`).</summary>
public static class ShopEndpoints
{
    public static RouteGroupBuilder MapShopEndpoints(this IEndpointRouteBuilder app)
    {
        var shop = app.MapGroup(LabRoutes.Minimal);
        shop.MapGet("customers/{id}", (int id, CustomerService customers) => $"success:customers {customers.Describe(id)}");
        shop.MapGet("customers/{id}/async", async (int id, CustomerService customers, CancellationToken cancellationToken) =>
            $"success:customers/async {await customers.DescribeAsync(id, cancellationToken)}");

        shop.MapGet("queue/sync", (ReportQueue reports) => $"success:queue/sync {reports.Render("daily")}");
        shop.MapGet("queue/async", async (ReportQueue reports) => $"success:queue/async {await reports.RenderAsync("daily")}");

        shop.MapGet("middleware/sync", (HttpContext context) => $"success:middleware/sync {context.Items[TenantMiddleware.TenantItem]}");
        shop.MapGet("middleware/async", (HttpContext context) => $"success:middleware/async {context.Items[TenantMiddleware.TenantItem]}");

        shop.MapGet("filter/sync", () => "success:filter/sync").AddEndpointFilter<QuotaEndpointFilter>();
        shop.MapGet("filter/async", () => "success:filter/async").AddEndpointFilter<QuotaAsyncEndpointFilter>();

        shop.MapGet("http/sync", (PricingClient pricing) => $"success:http/sync {pricing.GetPrice("sku-1")}");
        shop.MapGet("http/async", async (PricingClient pricing, CancellationToken cancellationToken) =>
            $"success:http/async {await pricing.GetPriceAsync("sku-1", cancellationToken)}");

        shop.MapGet("stream/sync", (InventoryFeed inventory) => $"success:stream/sync {inventory.ReadStock("sku-1")}");
        shop.MapGet("stream/async", async (InventoryFeed inventory, CancellationToken cancellationToken) =>
            $"success:stream/async {await inventory.ReadStockAsync("sku-1", cancellationToken)}");

        shop.MapGet("timer/sync", (int? seconds, PriceRefreshTimer timer) =>
            RunLength.Describe("timer/sync", timer.StartBlocking(RunLength.From(seconds)), RunLength.From(seconds)));
        shop.MapGet("timer/async", (int? seconds, PriceRefreshTimer timer) =>
            RunLength.Describe("timer/async", timer.StartAwaiting(RunLength.From(seconds)), RunLength.From(seconds)));
        shop.MapGet("worker/sync", (int? seconds, StockSyncWorker worker) =>
            RunLength.Describe("worker/sync", worker.Trigger(blocking: true, RunLength.From(seconds)), RunLength.From(seconds)));
        shop.MapGet("worker/async", (int? seconds, StockSyncWorker worker) =>
            RunLength.Describe("worker/async", worker.Trigger(blocking: false, RunLength.From(seconds)), RunLength.From(seconds)));

        shop.MapGet("slowasync", async (CustomerService customers, PricingClient pricing, CancellationToken cancellationToken) =>
        {
            var customer = customers.DescribeAsync(7, cancellationToken);
            var price = pricing.GetPriceAsync("sku-1", cancellationToken);
            return $"success:slowasync {await customer} {await price}";
        });
        shop.MapGet("alloc", CatalogExport.RenderAsync);
        return shop;
    }
}
