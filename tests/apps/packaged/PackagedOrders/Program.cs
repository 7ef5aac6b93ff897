using ShopKit.OrderStore;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddOrderStore(builder.Configuration["Db"] ?? "Host=127.0.0.1;Username=postgres;Database=postgres");

var app = builder.Build();

app.MapGet("/hello", () => "hello");
app.MapGet("/orders/{id:int}/total", (int id, OrderRepository orders) => Results.Ok(new OrderTotal(id, orders.GetTotal(id))));
app.Run();

internal sealed record OrderTotal(int Id, int Total);
