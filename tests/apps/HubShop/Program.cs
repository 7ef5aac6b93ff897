using HubShop.Inventory;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddSignalR();
builder.Services.AddSingleton<StockRepository>();
var app = builder.Build();

app.MapGet("/hello", () => "hello");

app.MapHub<InventoryHub>("/hubs/inventory");

// The handler mapped after the hub: its catch filter reads .Result of a task that has already completed. The tool once
// followed the hub's route to here and named it (issue 34).
Task<int> lastCount = Task.FromResult(0);
app.MapGet("/stock/{sku}", async (string sku, StockRepository stock) =>
{
    try
    {
        lastCount = stock.CountAsync(sku);
        return Results.Ok(new { sku, count = await lastCount });
    }
    catch (TimeoutException) when (lastCount.IsCompletedSuccessfully && lastCount.Result > 0)
    {
        return Results.Ok(new { sku, count = lastCount.Result });
    }
});

app.Run();
