using Microsoft.AspNetCore.Mvc;
using PoolDoctor.Lab.Background;
using PoolDoctor.Lab.Middleware;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Mvc;

/// <summary>
/// The patterns real services have, as an MVC controller over injected services: each blocking action has its fixed
/// twin (`/async`). The blocking call sits in the service, filter, middleware or background job, not here.
/// </summary>
[ApiController]
[Route(LabRoutes.MvcTemplate)]
public sealed class ShopController(
    CustomerService customers,
    ReportQueue reports,
    PricingClient pricing,
    InventoryFeed inventory,
    PriceRefreshTimer priceRefresh,
    StockSyncWorker stockSync) : ControllerBase
{
    [HttpGet("customers/{id}")]
    public string Customer(int id) => $"success:customers {customers.Describe(id)}";

    [HttpGet("customers/{id}/async")]
    public async Task<string> CustomerAsync(int id, CancellationToken cancellationToken) =>
        $"success:customers/async {await customers.DescribeAsync(id, cancellationToken)}";

    [HttpGet("queue/sync")]
    public string Report() => $"success:queue/sync {reports.Render("daily")}";

    [HttpGet("queue/async")]
    public async Task<string> ReportAsync() => $"success:queue/async {await reports.RenderAsync("daily")}";

    [HttpGet("middleware/sync")]
    public string Tenant() => $"success:middleware/sync {HttpContext.Items[TenantMiddleware.TenantItem]}";

    [HttpGet("middleware/async")]
    public string TenantAsync() => $"success:middleware/async {HttpContext.Items[TenantMiddleware.TenantItem]}";

    [HttpGet("tenant/sync")]
    public string TenantFromFactory([FromServices] TenantContext tenant) => $"success:tenant/sync {tenant.Tenant}";

    [HttpGet("tenant/async")]
    public async Task<string> TenantFromDirectoryAsync([FromServices] TenantDirectory directory) =>
        $"success:tenant/async {await directory.FindAsync("shop")}";

    [HttpGet("filter/sync")]
    [TypeFilter(typeof(QuotaFilter))]
    public string Quota() => "success:filter/sync";

    [HttpGet("filter/async")]
    [TypeFilter(typeof(QuotaAsyncFilter))]
    public string QuotaAsync() => "success:filter/async";

    [HttpGet("http/sync")]
    public string Price() => $"success:http/sync {pricing.GetPrice("sku-1")}";

    [HttpGet("http/async")]
    public async Task<string> PriceAsync(CancellationToken cancellationToken) =>
        $"success:http/async {await pricing.GetPriceAsync("sku-1", cancellationToken)}";

    [HttpGet("stream/sync")]
    public string Stock() => $"success:stream/sync {inventory.ReadStock("sku-1")}";

    [HttpGet("stream/async")]
    public async Task<string> StockAsync(CancellationToken cancellationToken) =>
        $"success:stream/async {await inventory.ReadStockAsync("sku-1", cancellationToken)}";

    [HttpGet("timer/sync")]
    public string RefreshPrices([FromQuery] int? seconds) =>
        RunLength.Describe("timer/sync", priceRefresh.StartBlocking(RunLength.From(seconds)), RunLength.From(seconds));

    [HttpGet("timer/async")]
    public string RefreshPricesAsync([FromQuery] int? seconds) =>
        RunLength.Describe("timer/async", priceRefresh.StartAwaiting(RunLength.From(seconds)), RunLength.From(seconds));

    [HttpGet("worker/sync")]
    public string SyncStock([FromQuery] int? seconds) =>
        RunLength.Describe("worker/sync", stockSync.Trigger(blocking: true, RunLength.From(seconds)), RunLength.From(seconds));

    [HttpGet("worker/async")]
    public string SyncStockAsync([FromQuery] int? seconds) =>
        RunLength.Describe("worker/async", stockSync.Trigger(blocking: false, RunLength.From(seconds)), RunLength.From(seconds));

    // ---- Negatives -----------------------------------------------------------------------------------------

    /// <summary>Slow but healthy: awaits two slow dependencies at once.</summary>
    [HttpGet("slowasync")]
    public async Task<string> Overview(CancellationToken cancellationToken)
    {
        var customer = customers.DescribeAsync(7, cancellationToken);
        var price = pricing.GetPriceAsync("sku-1", cancellationToken);
        return $"success:slowasync {await customer} {await price}";
    }

    [HttpGet("alloc")]
    public Task<string> Export() => CatalogExport.RenderAsync();
}
