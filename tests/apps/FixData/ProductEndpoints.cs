namespace FixData;

public static class ProductEndpoints
{
    public static IResult Discount(int id, CatalogDb db, CancellationToken cancellationToken)
    {
        var product = db.Products.Find(id);
        if (product is null)
        {
            return Results.NotFound();
        }
        product.Price *= 0.9m;
        db.SaveChanges();
        return Results.Ok(product);
    }
}
