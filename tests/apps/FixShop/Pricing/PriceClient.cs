using System.Net.Http.Json;

namespace FixShop.Pricing;

/// <summary>A typed HttpClient for the price service.</summary>
public sealed class PriceClient(HttpClient http)
{
    public decimal Current(string sku)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, $"upstream/prices/{sku}");
        using var response = http.Send(request);
        response.EnsureSuccessStatusCode();
        return response.Content.ReadFromJsonAsync<decimal>().GetAwaiter().GetResult();
    }
}
