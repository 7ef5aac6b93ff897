namespace ShopApi.Background;

public sealed class ExchangeRates
{
    private decimal _euro = 1m;

    public decimal Euro => _euro;

    public void Refresh() => _euro = FetchAsync().GetAwaiter().GetResult();

    private static async Task<decimal> FetchAsync()
    {
        await Task.Delay(20); // the rates provider's round trip
        return 1.08m;
    }
}
