namespace CensusShop.Prices;

/// <summary>Prices come from a slow upstream; one route waits for it synchronously, its twin awaits it.</summary>
public sealed class PriceLookup
{
    private readonly Dictionary<string, int> _quotes = new(StringComparer.OrdinalIgnoreCase);

    public decimal Current(string sku)
    {
        if (string.IsNullOrWhiteSpace(sku) || sku.Length > 64)
        {
            throw new ArgumentException($"'{sku}' is not a SKU", nameof(sku));
        }
        lock (_quotes)
        {
            _quotes[sku] = _quotes.GetValueOrDefault(sku) + 1;
        }
        var price = FetchFromUpstreamAsync(sku).Result;
        return decimal.Round(price, 2, MidpointRounding.ToEven);
    }

    public async Task<decimal> CurrentAsync(string sku)
    {
        return await FetchFromUpstreamAsync(sku);
    }

    private static async Task<decimal> FetchFromUpstreamAsync(string sku)
    {
        await Task.Delay(30);
        return 10m + sku.Length;
    }
}
