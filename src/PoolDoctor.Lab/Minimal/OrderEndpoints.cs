using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>
/// An API whose blocking route is a POST: `POST /api/minimal/orders` takes an order only with an `Idempotency-Key`
/// header and a body, as payment and order APIs do, then looks the customer up through the blocking service call
/// (`CustomerService.Describe`, sync over async). A request without the key or the body is refused at once (400) and
/// blocks nothing, so only a load that sends method, header and body (`diagnose --load URL -m POST -H ... --body ...`)
/// starves the pool. `/orders/async` is its fixed twin. Not a <see cref="Scenarios.LabScenarios"/> entry: the scenario
/// runs load every route with a GET.
/// </summary>
public static class OrderEndpoints
{
    public const string IdempotencyHeader = "Idempotency-Key";

    public static RouteGroupBuilder MapOrderEndpoints(this IEndpointRouteBuilder app)
    {
        var orders = app.MapGroup(LabRoutes.Minimal);
        orders.MapPost("orders", async (HttpRequest request, CustomerService customers) =>
            await Refusal(request) is { } refused ? refused : Results.Text($"success:orders {request.Headers[IdempotencyHeader]} {customers.Describe(7)}", statusCode: 201));
        orders.MapPost("orders/async", async (HttpRequest request, CustomerService customers, CancellationToken cancellationToken) =>
            await Refusal(request) is { } refused
                ? refused
                : Results.Text($"success:orders/async {request.Headers[IdempotencyHeader]} {await customers.DescribeAsync(7, cancellationToken)}", statusCode: 201));
        return orders;
    }

    /// <summary>400 for an order without its idempotency key or without a body; null when the order may be taken.</summary>
    private static async Task<IResult?> Refusal(HttpRequest request)
    {
        if (string.IsNullOrWhiteSpace(request.Headers[IdempotencyHeader]))
        {
            return Results.BadRequest($"missing {IdempotencyHeader} header");
        }
        using var reader = new StreamReader(request.Body);
        var body = await reader.ReadToEndAsync(request.HttpContext.RequestAborted);
        return body.Length == 0 ? Results.BadRequest("missing order body") : null;
    }
}
