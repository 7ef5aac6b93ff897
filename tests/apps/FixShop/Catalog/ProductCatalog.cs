namespace FixShop.Catalog;

public sealed class ProductCatalog
{
    public Product Find(string sku)
    {
        // The catalog replica lags the primary: give it time before reading.
        Thread.Sleep(40);
        return new Product(sku, "product " + sku);
    }
}
