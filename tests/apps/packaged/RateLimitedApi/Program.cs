using RedisRateLimiting;
using StackExchange.Redis;

var builder = WebApplication.CreateBuilder(args);
var redis = ConnectionMultiplexer.Connect(builder.Configuration["Redis"] ?? "127.0.0.1:6379");
builder.Services.AddSingleton<IConnectionMultiplexer>(redis);
builder.Services.AddRateLimiter(options =>
{
    options.AddPolicy("per-client", context => RedisRateLimitPartition.GetSlidingWindowRateLimiter(
        context.Connection.RemoteIpAddress?.ToString() ?? "unknown",
        _ => new RedisSlidingWindowRateLimiterOptions
        {
            ConnectionMultiplexerFactory = () => redis,
            PermitLimit = 1_000_000,
            Window = TimeSpan.FromSeconds(1),
        }));
});

var app = builder.Build();
app.UseRateLimiter();

app.MapGet("/hello", () => "hello");
app.MapGet("/orders/{id:int}", (int id) => new Order(id, "open")).RequireRateLimiting("per-client");

app.Run();

internal sealed record Order(int Id, string State);
