namespace FixShop.Catalog;

public sealed record Product(string Sku, string Name);
