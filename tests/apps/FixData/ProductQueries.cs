namespace FixData;

public sealed class ProductQueries(CatalogDb db)
{
    public List<Product> Cheap(decimal below) =>
        db.Products.Where(p => p.Price < below).OrderBy(p => p.Name).ToList();
}
