namespace FixShop.Catalog;

public static class CatalogEndpoints
{
    public static IResult GetProduct(string sku, ProductCatalog catalog) => Results.Ok(catalog.Find(sku));
}
