namespace FixShop.Stock;

/// <summary>Stock levels, refreshed from the feed on every read so no two requests see a torn snapshot.</summary>
public sealed class StockCache(StockFeed feed)
{
    private readonly object _sync = new();
    private Dictionary<string, int> _levels = [];

    public int Count(string sku)
    {
        lock (_sync)
        {
            _levels = feed.LoadAsync().Result;
            return _levels.GetValueOrDefault(sku);
        }
    }

    public void Clear()
    {
        lock (_sync)
        {
            _levels = [];
        }
    }
}
