using CensusShop.Carts;
using CensusShop.Prices;
using CensusShop.Reports;
using CensusShop.Stock;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<PriceLookup>();
builder.Services.AddSingleton<StockLedger>();
builder.Services.AddSingleton<CheckoutQueue>();
builder.Services.AddSingleton<ReportArchiver>();
builder.Services.AddHostedService(services => services.GetRequiredService<ReportArchiver>());
var app = builder.Build();

app.MapGet("/prices/{sku}/now", (string sku, PriceLookup prices) => prices.Current(sku));
app.MapGet("/prices/{sku}", (string sku, PriceLookup prices) => prices.CurrentAsync(sku));
app.MapPost("/stock/{sku}/reserve-now", (string sku, StockLedger stock) => stock.Reserve(sku));
app.MapPost("/stock/{sku}/reserve", (string sku, StockLedger stock) => stock.ReserveAsync(sku));
app.MapPost("/carts/{id}/checkout-now", (int id, CheckoutQueue queue) => queue.Checkout(id));
app.MapPost("/carts/{id}/checkout", (int id, CheckoutQueue queue) => queue.CheckoutAsync(id));
app.MapGet("/reports/archived", (ReportArchiver archiver) => archiver.Archived);

app.Run();

/// <summary>The entry point's type, for WebApplicationFactory.</summary>
public partial class Program;
