using FixShapes;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddHttpClient<CatalogFacade>(c => c.BaseAddress = new Uri(builder.Configuration["Catalog"] ?? "http://127.0.0.1:5081"));
builder.Services.AddHttpClient<PriceBook>(c => c.BaseAddress = new Uri(builder.Configuration["Prices"] ?? "http://127.0.0.1:5082"));
builder.Services.AddSingleton<IStockSource, HttpStockSource>();
builder.Services.AddSingleton<StockBoard>();
var app = builder.Build();

app.MapGet("/catalog/{id:int}", (HttpContext ctx, int id, CatalogFacade catalog) => catalog.Get(ctx, id));
app.MapGet("/prices/{sku}", (string sku, PriceBook prices) => Results.Ok(prices.Total(sku, 3)));
app.MapGet("/stock/{sku}", (string sku, StockBoard board) => board.Line(sku));
app.MapGet("/names/{id:int}", (int id, CatalogFacade catalog) => catalog.NameAsync(id).Result.ToUpperInvariant());
app.MapGet("/describe/{id:int}", (int id, CatalogFacade catalog) => catalog.Describe(id));
app.MapGet("/raw/{id:int}", (int id, IHttpClientFactory clients) => CatalogFacade.Fetch(clients.CreateClient(), id));
app.Run();
