namespace PoolDoctor.Tests.Samples.Shop;

public static class CatalogHandlers
{
    public static int Count(CatalogCache cache) => cache.Items.Count;
}
