namespace ShopApi.Catalog;

public sealed class PriceFeed
{
    private static readonly Product[] Products = [new("lamp", 40m), new("desk", 250m), new("chair", 120m)];

    public async Task<IReadOnlyList<Product>> LoadAsync()
    {
        await Task.Delay(50); // the pricing service's round trip
        return Products;
    }
}
