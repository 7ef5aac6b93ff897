var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
builder.Logging.ClearProviders();
var app = builder.Build();
app.MapControllers();
app.Run();
