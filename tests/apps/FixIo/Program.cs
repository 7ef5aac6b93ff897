using System.Data.Common;
using FixIo.Customers;
using FixIo.Orders;
using FixIo.Outbox;
using FixIo.Quotas;
using FixIo.Rates;
using FixIo.Receipts;
using Npgsql;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddSingleton<DbDataSource>(NpgsqlDataSource.Create(
    builder.Configuration.GetConnectionString("shop") ?? "Host=127.0.0.1;Database=shop;Username=postgres"));
builder.Services.AddControllers();
builder.Services.AddSingleton<CustomerStore>();
builder.Services.AddSingleton<OrderQueries>();
builder.Services.AddSingleton<ReceiptArchive>();
builder.Services.AddSingleton<ExportThrottle>();
builder.Services.AddSingleton<RateSource>();
builder.Services.AddSingleton<RateCache>();
builder.Services.AddSingleton<OutboxTable>();
builder.Services.AddHostedService<OutboxWorker>();
builder.Services.AddHostedService<CleanupTimer>();
builder.Services.AddHostedService<CustomerStatsWorker>();
var app = builder.Build();

app.MapControllers();
app.MapGet("/customers/count", (CustomerStore customers) => customers.Count());
app.MapGet("/orders/{customer:int}", (int customer, OrderQueries orders) => orders.ForCustomer(customer));
app.MapPost("/orders/{id:int}/ship", (int id, OrderQueries orders) => orders.MarkShipped(id) ? Results.NoContent() : Results.NotFound());
app.MapGet("/receipts/{id:int}", (int id, ReceiptArchive receipts) => Results.Bytes(receipts.Load(id), "application/pdf"));
app.MapGet("/receipts/{id:int}/header", (int id, ReceiptArchive receipts) => receipts.Header(id));
app.MapPut("/receipts/{id:int}", (int id, HttpRequest request, ReceiptArchive receipts) =>
{
    using var body = new MemoryStream();
    request.Body.CopyToAsync(body).GetAwaiter().GetResult();
    receipts.Save(id, body.ToArray());
    return Results.NoContent();
});
app.MapGet("/export/{name}", ExportEndpoints.Export);
app.MapGet("/rates/{currency}", async (string currency, RateCache rates) => await rates.GetAsync(currency));
app.Run();
