using ShopKit.QuotaLimiter;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.AddFilter("Microsoft", LogLevel.Warning);
builder.Services.AddRateLimiter(options => options.AddQuotaLimiter("per-client", new Uri(builder.Configuration["Quota"] ?? "http://127.0.0.1:5000/")));

var app = builder.Build();
app.UseRateLimiter();

app.MapGet("/hello", () => "hello");
app.MapGet("/orders/{id:int}", (int id) => new Order(id, "open")).RequireRateLimiting("per-client");

app.Run();

internal sealed record Order(int Id, string State);
