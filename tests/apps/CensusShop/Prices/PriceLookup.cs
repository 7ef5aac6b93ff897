namespace CensusShop.Prices;

/// <summary>Prices come from a slow upstream; one route waits for it synchronously, its twin awaits it.</summary>
public sealed class PriceLookup
{
    public decimal Current(string sku)
    {
        return FetchFromUpstreamAsync(sku).Result;
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
