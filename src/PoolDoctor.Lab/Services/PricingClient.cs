namespace PoolDoctor.Lab.Services;

/// <summary>A typed client for the remote pricing API.</summary>
public sealed class PricingClient(HttpClient http)
{
    /// <summary>The sync API people reach for in sync code: <see cref="HttpClient.Send(HttpRequestMessage)"/> blocks on the socket.</summary>
    public string GetPrice(string sku)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, $"prices/{sku}");
        using var response = http.Send(request);
        response.EnsureSuccessStatusCode();
        using var reader = new StreamReader(response.Content.ReadAsStream());
        return reader.ReadToEnd();
    }

    public async Task<string> GetPriceAsync(string sku, CancellationToken cancellationToken)
    {
        using var response = await http.GetAsync($"prices/{sku}", cancellationToken);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsStringAsync(cancellationToken);
    }
}
