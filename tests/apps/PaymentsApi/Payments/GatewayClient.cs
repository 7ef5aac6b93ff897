namespace PaymentsApi.Payments;

/// <summary>The card gateway's HTTP client (a typed client).</summary>
public sealed class GatewayClient(HttpClient http)
{
    public async Task<Authorization> AuthorizeAsync(string idempotencyKey, PaymentRequest request)
    {
        using var message = new HttpRequestMessage(HttpMethod.Post, "/gateway/authorize") { Content = JsonContent.Create(request) };
        message.Headers.Add("Idempotency-Key", idempotencyKey);
        using var response = await http.SendAsync(message);
        response.EnsureSuccessStatusCode();
        return (await response.Content.ReadFromJsonAsync<Authorization>())!;
    }
}
