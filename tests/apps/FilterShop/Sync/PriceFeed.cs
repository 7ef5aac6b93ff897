namespace FilterShop.Sync;

/// <summary>The latest price the sync service read.</summary>
public sealed class PriceFeed
{
    public decimal Current { get; set; } = 10m;
}
