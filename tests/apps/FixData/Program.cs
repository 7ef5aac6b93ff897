using FixData;
using Microsoft.EntityFrameworkCore;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddDbContext<CatalogDb>(options =>
    options.UseNpgsql(builder.Configuration.GetConnectionString("catalog") ?? "Host=127.0.0.1;Database=catalog;Username=postgres"));
builder.Services.AddScoped<ProductQueries>();
var app = builder.Build();

app.MapGet("/products/cheap", (ProductQueries queries) => queries.Cheap(10m));
app.MapPost("/products/{id:int}/discount", ProductEndpoints.Discount);
app.Run();
