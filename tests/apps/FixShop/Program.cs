using FixShop.Audit;
using FixShop.Catalog;
using FixShop.Orders;
using FixShop.Pricing;
using FixShop.Regions;
using FixShop.Settings;
using FixShop.Stock;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddControllers();
builder.Services.AddSingleton<OrderDatabase>();
builder.Services.AddSingleton<IOrderRepository, SqlOrderRepository>();
builder.Services.AddSingleton<IOrderService, OrderService>();
builder.Services.AddSingleton<ProductCatalog>();
builder.Services.AddSingleton<AuditSink>();
builder.Services.AddSingleton<StockFeed>();
builder.Services.AddSingleton<StockCache>();
builder.Services.AddSingleton<ShopSettings>();
builder.Services.AddSingleton<RegionDirectory>();
builder.Services.AddHttpClient<PriceClient>((services, client) =>
{
    // The price service; by default this very process answers on /upstream/prices.
    var server = services.GetRequiredService<Microsoft.AspNetCore.Hosting.Server.IServer>();
    var address = server.Features.Get<Microsoft.AspNetCore.Hosting.Server.Features.IServerAddressesFeature>()?.Addresses.FirstOrDefault();
    client.BaseAddress = new Uri(builder.Configuration["PricesUrl"] ?? (address ?? "http://127.0.0.1:5000") + "/");
});
var app = builder.Build();

app.UseMiddleware<AuditMiddleware>();
app.MapControllers();
app.MapGet("/hello", () => "hello");
app.MapGet("/products/{sku}", CatalogEndpoints.GetProduct);
app.MapGet("/stock/{sku}", (string sku, StockCache stock) => Results.Ok(new { sku, count = stock.Count(sku) }));
app.MapGet("/settings/currency", (ShopSettings settings) => settings.Currency);
app.MapGet("/upstream/prices/{sku}", async (string sku) =>
{
    await Task.Delay(100);
    return Results.Ok(sku.Length * 10m);
});
app.Run();
