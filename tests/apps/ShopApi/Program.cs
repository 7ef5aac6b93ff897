using ShopApi.Background;
using ShopApi.Catalog;
using ShopApi.Customers;
using ShopApi.Invoices;
using ShopApi.Orders;
using ShopApi.Reports;
using ShopApi.Stock;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddSingleton<PriceFeed>();
builder.Services.AddSingleton<OrderLookup>();
builder.Services.AddSingleton<ExchangeRates>();
builder.Services.AddHostedService<RatesRefresher>();
var app = builder.Build();

app.MapGet("/hello", () => "hello");

app.MapGet("/customers/{id:int}", CustomersEndpoint.Get);

app.MapGet("/invoices/{id:int}", InvoicesEndpoint.Get);

app.MapGet("/products/expensive", (PriceFeed feed) => ProductCatalog.ListExpensive(feed));

var orders = app.Services.GetRequiredService<OrderLookup>();
app.MapGet("/orders/{id:int}", orders.Find);

app.MapGet("/stock/{sku}", CheckStock);

app.MapGet("/reports/{day}", (string day, ILogger<Program> log) =>
{
    log.LogInformation("daily report for {Day}", day);
    var report = DailyReports.For(day);
    return Results.Ok(report);
});

app.Run();

static IResult CheckStock(string sku) => Results.Ok(new { sku, count = StockLedger.Count(sku) });
