using FilterShop.Filters;
using FilterShop.Sync;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddControllers(options => options.Filters.Add<BackendThrottleFilter>());
builder.Services.AddSingleton<PriceFeed>();
builder.Services.AddHostedService<PriceSyncService>();
var app = builder.Build();

app.MapGet("/hello", () => "hello");
app.MapControllers();

app.Run();
