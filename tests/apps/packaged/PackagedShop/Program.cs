using ShopKit.AuditLog;
using ShopKit.RedisWindow;
using StackExchange.Redis;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Logging.AddFilter("Microsoft", LogLevel.Warning);
builder.Logging.AddAuditLog(new Uri(builder.Configuration["Audit:Collector"] ?? "http://127.0.0.1:5000/collect"));
builder.Services.AddSingleton<IConnectionMultiplexer>(ConnectionMultiplexer.Connect(builder.Configuration["Redis"] ?? "127.0.0.1:6379"));
builder.Services.AddRateLimiter(options => options.AddRedisWindowLimiter("per-client", permits: 1_000_000, window: TimeSpan.FromSeconds(1)));

var app = builder.Build();
app.UseRateLimiter();

app.MapGet("/hello", () => "hello");
app.MapGet("/orders/{id:int}", (int id) => new Order(id, "open")).RequireRateLimiting("per-client");
app.MapGet("/audited/orders/{id:int}", (int id, ILogger<Order> logger) =>
{
    logger.LogInformation("order {Id} read", id);
    return new Order(id, "open");
});
app.Run();

internal sealed record Order(int Id, string State);
