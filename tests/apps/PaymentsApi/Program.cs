using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc;
using PaymentsApi.Payments;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddHttpClient<GatewayClient>((services, client) =>
    client.BaseAddress = new Uri(services.GetRequiredService<IServer>().Features
        .Get<IServerAddressesFeature>()!.Addresses.First()));
builder.Services.AddSingleton<PaymentService>();
var app = builder.Build();

app.MapGet("/hello", () => "hello");

app.MapPost("/payments", ([FromHeader(Name = "Idempotency-Key")] string key, PaymentRequest request, PaymentService payments) =>
    Results.Ok(payments.Charge(key, request)));

app.MapPost("/payments/async", async ([FromHeader(Name = "Idempotency-Key")] string key, PaymentRequest request, PaymentService payments) =>
    Results.Ok(await payments.ChargeAsync(key, request)));

// The card gateway this service talks to, served here so the app runs alone.
app.MapPost("/gateway/authorize", async (PaymentRequest request) =>
{
    await Task.Delay(40);
    return Results.Ok(new Authorization($"auth-{request.Amount}", true));
});

app.Run();
