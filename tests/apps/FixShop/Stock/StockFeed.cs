namespace FixShop.Stock;

/// <summary>The warehouse's stock feed (a 20 ms remote read).</summary>
public sealed class StockFeed
{
    public async Task<Dictionary<string, int>> LoadAsync()
    {
        await Task.Delay(20);
        return new Dictionary<string, int> { ["apple"] = 3, ["pear"] = 5 };
    }
}
