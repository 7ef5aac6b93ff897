namespace ShopApi.Catalog;

public static class ProductCatalog
{
    public static IReadOnlyList<Product> ListExpensive(PriceFeed feed) =>
        feed.LoadAsync().Result.Where(p => p.Price > 100m).ToList();
}
